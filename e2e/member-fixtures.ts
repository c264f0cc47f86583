import sharp from 'sharp';
import type { Profile } from '../shared/api/accounts';
import type { Book } from '../shared/api/books';
import { ClubApi } from './club-api';
import type { ClubServer } from './club-server';
import { ADMIN } from './fixtures';
import { addMember } from './members';
import { arrangeClub, type ArrangedClub } from './round-fixtures';

/** A portrait-like picture: a coloured ground and a head-and-shoulders silhouette, as a JPEG. */
export function portrait(ground: string, figure: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${ground}"/><stop offset="1" stop-color="#222"/></linearGradient></defs>
    <rect width="320" height="240" fill="url(#g)"/>
    <circle cx="160" cy="100" r="46" fill="${figure}"/>
    <path d="M70 240 C 80 170, 240 170, 250 240 Z" fill="${figure}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function uploadAvatar(club: ClubServer, api: ClubApi, picture: Buffer): Promise<void> {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'me.jpg');
  const response = await fetch(`${club.url}/api/users/avatar`, { method: 'POST', headers: { Authorization: `Bearer ${api.token}` }, body: form });
  if (!response.ok) throw new Error(`avatar upload failed: ${response.status} ${await response.text()}`);
}

export interface ArrangedMembers extends ArrangedClub {
  /** Every member's email by name. */
  emails: Record<string, string>;
  /** The password every member but the admin signs in with. */
  memberPassword: string;
}

/** The round's club (arrangeClub) with its members' profiles, pictures, reading and reviews filled in. */
export async function arrangeMembers(club: ClubServer): Promise<ArrangedMembers> {
  const scene = await arrangeClub(club);
  const eva = await addMember(club, { name: 'Eva Horváthová' });
  const users = await scene.admin.call<Profile[]>('GET', '/api/users');
  const emails = Object.fromEntries(users.map((u) => [u.name, u.email]));
  const signIn = (name: string) =>
    name === 'Hana Host' ? ClubApi.signIn(club, ADMIN.email, ADMIN.password) : ClubApi.signIn(club, emails[name]!, eva.password);

  const profiles: Record<string, { phone?: string; aboutMe?: string; goodreadsUrl?: string; picture?: [string, string]; reading?: [string, string | null][] }> =
    {
      'Hana Host': {
        phone: '+421 905 111 222',
        aboutMe: 'I host the club and bake for our meetings. I read **anything with a map** in the front.',
        goodreadsUrl: 'https://www.goodreads.com/user/show/1001-hana',
        picture: ['#7a2e3b', '#f3dde1'],
        reading: [
          ['Piranesi', 'Susanna Clarke'],
          ['The Name of the Rose', 'Umberto Eco'],
        ],
      },
      'Bea Reader': {
        phone: '+421 907 333 444',
        aboutMe:
          'Slow reader, fast talker. I love long Russian novels, Japanese crime fiction and anything by *Ishiguro*. I keep a notebook of first lines and I am always looking for book recommendations for the winter holidays.\n\nCurrently trying to finish every Booker winner since 2000.',
        goodreadsUrl: 'https://www.goodreads.com/user/show/2002-bea',
        picture: ['#2f4858', '#cfe3ea'],
        reading: [
          ['Anna Karenina', 'Leo Tolstoy'],
          ['The Devotion of Suspect X', 'Keigo Higashino'],
          ['Klara and the Sun', 'Kazuo Ishiguro'],
          ['Wolf Hall', 'Hilary Mantel'],
          ['The Blind Assassin', 'Margaret Atwood'],
          ['Milkman', 'Anna Burns'],
        ],
      },
      'Cyril Novák': {
        aboutMe: 'Cities, maps and the people in them.',
        goodreadsUrl: 'https://app.thestorygraph.com/profile/cyril',
        reading: [['Invisible Cities', 'Italo Calvino']],
      },
      'Dana Kováčová': { phone: '+421 911 555 666', picture: ['#55a630', '#e4f3d6'] },
      'Eva Horváthová': { aboutMe: 'New here! Poetry and essays, mostly.', reading: [['Bluets', 'Maggie Nelson']] },
    };

  for (const [name, fields] of Object.entries(profiles)) {
    const api = await signIn(name);
    await api.call('POST', `/api/users/${encodeURIComponent(emails[name]!)}`, {
      name,
      phone: fields.phone ?? null,
      aboutMe: fields.aboutMe ?? null,
      goodreadsUrl: fields.goodreadsUrl ?? null,
    });
    if (fields.picture) await uploadAvatar(club, api, await portrait(...fields.picture));
    for (const [title, author] of fields.reading ?? []) await api.call('POST', '/api/reviews/currentlyreading', { title, author });
  }

  // Bea's reviews show on her profile.
  const books = await scene.admin.call<Book[]>('GET', '/api/books/');
  const bea = await signIn('Bea Reader');
  const byTitle = (title: string) => books.find((b) => b.post.title === title)!.bookId;
  await bea.call('POST', `/api/reviews/book/${byTitle('Solaris')}`, {
    rating: 5,
    reviewText: 'The ocean is the best character in the book. I did not expect a novel from 1961 to feel this **current**.',
  });
  await bea.call('POST', `/api/reviews/book/${byTitle('Piranesi')}`, {
    rating: 4,
    reviewText: 'Strange and gentle. The first fifty pages are hard going; then the house opens up.',
  });

  // Cyril moderates; the rest are members.
  await scene.admin.call('POST', `/api/admin/makemod/${encodeURIComponent(emails['Cyril Novák']!)}`);
  await scene.admin.call('POST', '/api/admin/noticeboard', { text: 'Next meeting: **Thursday at 7 pm** in the library café.' });
  await scene.admin.call('POST', '/api/admin/registerbot', { email: 'stats-bot@riverside.test', name: 'Reading stats', password: 'a long bot password' });
  await (await signIn('Bea Reader')).call('POST', '/api/newsletters/allevents/subscribe');
  return { ...scene, emails, memberPassword: eva.password };
}

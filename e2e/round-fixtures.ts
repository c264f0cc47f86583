import type { Page } from '@playwright/test';
import type { ClubApi } from './club-api';
import type { ClubServer } from './club-server';
import { setUpAsHost, signedInMember } from './host-fixtures';

export const COVER_HOST = 'https://covers.bookclub.test';

const COVER_COLOURS = ['#7a2e3b', '#2f4858', '#33658a', '#55a630', '#b5651d', '#5f0f40', '#0f4c5c', '#3d405b'];

/**
 * Tests never reach the internet: covers on COVER_HOST are drawn here, a coloured jacket with the title,
 * so screenshots show what a club with real covers looks like.
 */
export async function serveCovers(page: Page): Promise<void> {
  await page.route(`${COVER_HOST}/**`, async (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.slice(1).replace(/\.svg$/, ''));
    const colour = COVER_COLOURS[[...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % COVER_COLOURS.length];
    const words = name.split('-');
    const lines = words
      .map((word, i) => `<text x="100" y="${120 + i * 34}" font-size="26" text-anchor="middle" fill="#fff" font-family="Georgia, serif">${word}</text>`)
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="300" viewBox="0 0 200 300"><rect width="200" height="300" fill="${colour}"/><rect x="12" y="12" width="176" height="276" fill="none" stroke="rgba(255,255,255,.5)" stroke-width="2"/>${lines}</svg>`;
    await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg });
  });
}

const cover = (slug: string) => `${COVER_HOST}/${encodeURIComponent(slug)}.svg`;

export interface ArrangedClub {
  admin: ClubApi;
  /** Round 1: closed; Solaris won and is book #1. */
  firstDiscussionId: number;
  firstPollId: number;
  firstPostId: number;
  /** Round 2: a tie, settled by a tiebreaker; Piranesi is book #2. */
  tiedPollId: number;
  tiebreakerPollId: number;
  /** Round 3 (Themes): its vote is open; the admin has not voted. */
  themePollId: number;
  /** Round 4: its book discussion is open with two suggestions. */
  openDiscussionId: number;
  bookId: number;
}

/** A club a few rounds in, arranged through the API: what the screenshots show. */
export async function arrangeClub(club: ClubServer): Promise<ArrangedClub> {
  const admin = await setUpAsHost(club);
  const people = await Promise.all(['Bea Reader', 'Cyril Novák', 'Dana Kováčová'].map((name) => signedInMember(club, name)));
  const [bea, cyril, dana] = people as [ClubApi, ClubApi, ClubApi];

  // Round 1: Solaris wins outright.
  const r1 = await admin.startRound({ topic: 'Books', title: 'Autumn classics', description: 'Long books for **long evenings**.' });
  const d1 = r1.bookDiscussionId!;
  const solaris = await bea.suggest(d1, {
    title: 'Solaris',
    author: 'Stanisław Lem',
    pageCount: 204,
    url: 'https://www.goodreads.com/book/show/95558.Solaris',
    imageUrl: cover('Solaris'),
    text: 'A classic I have wanted to read for years.\n\n#### About the book\n\nA planet covered by a single ocean that may be alive, and the scientists who cannot understand it.',
  });
  const remains = await cyril.suggest(d1, {
    title: 'The Remains of the Day',
    author: 'Kazuo Ishiguro',
    pageCount: 258,
    imageUrl: cover('The-Remains-of-the-Day'),
    text: 'A butler looks back on a life of service. Quiet and devastating.',
  });
  const middlemarch = await dana.suggest(d1, {
    title: 'Middlemarch',
    author: 'George Eliot',
    pageCount: 880,
    imageUrl: cover('Middlemarch'),
    text: 'If we are reading long books, let us read *the* long book.',
  });
  const p1 = (await admin.closeDiscussion(d1)).poll!.pollId;
  await bea.vote(p1, [solaris.postId]);
  await cyril.vote(p1, [solaris.postId, remains.postId]);
  await dana.vote(p1, [middlemarch.postId, solaris.postId]);
  // Everyone has voted with the admin's ballot: the poll closes itself.
  const closed1 = await admin.vote(p1, [remains.postId]);
  const bookId = closed1.book!.bookId;

  // Round 2: a tie between two books, settled by a tiebreaker.
  const r2 = await admin.startRound({ topic: 'Books', title: 'Winter reads', description: null });
  const d2 = r2.bookDiscussionId!;
  const piranesi = await dana.suggest(d2, {
    title: 'Piranesi',
    author: 'Susanna Clarke',
    pageCount: 272,
    imageUrl: cover('Piranesi'),
    text: 'A house of endless halls and tides.',
  });
  const klara = await bea.suggest(d2, {
    title: 'Klara and the Sun',
    author: 'Kazuo Ishiguro',
    pageCount: 303,
    imageUrl: cover('Klara-and-the-Sun'),
    text: 'An artificial friend watches the world.',
  });
  const p2 = (await admin.closeDiscussion(d2)).poll!.pollId;
  await bea.vote(p2, [klara.postId]);
  await dana.vote(p2, [piranesi.postId]);
  const tie = await admin.closePoll(p2);
  const tiebreakerPollId = tie.round!.bookTiebreakerPollId!;
  await bea.vote(tiebreakerPollId, [piranesi.postId]);
  await cyril.vote(tiebreakerPollId, [piranesi.postId]);
  await admin.closePoll(tiebreakerPollId);

  // Round 3: themes first; its vote is open.
  const r3 = await admin.startRound({ topic: 'Themes', title: 'Spring 2027', description: 'First we choose a theme, then the books.' });
  const d3 = r3.themeDiscussionId!;
  const memory = await bea.suggest(d3, { title: 'Memory and forgetting', text: 'Books about what we keep and what we lose.' });
  await cyril.suggest(d3, { title: 'Cities', text: null });
  const translated = await dana.suggest(d3, {
    title: 'Translated from Central European languages',
    text: 'Czech, Polish, Hungarian, Slovak: what did we miss?',
  });
  const p3 = (await admin.closeDiscussion(d3)).poll!.pollId;
  await bea.vote(p3, [memory.postId, translated.postId]);
  await dana.vote(p3, [translated.postId]);

  // Round 4: book suggestions are open.
  const r4 = await admin.startRound({
    topic: 'Books',
    title: 'Summer holiday',
    description: 'Something light to take on a trip. Suggest up to two books each.',
  });
  const d4 = r4.bookDiscussionId!;
  await cyril.suggest(d4, {
    title: 'A Gentleman in Moscow',
    author: 'Amor Towles',
    pageCount: 462,
    imageUrl: cover('A-Gentleman-in-Moscow'),
    url: 'https://www.goodreads.com/book/show/29430012',
    text: 'Charming, funny, and it *moves*.',
  });
  await bea.suggest(d4, {
    title: 'The Thursday Murder Club',
    author: 'Richard Osman',
    pageCount: 382,
    text: 'A cosy mystery for the beach.',
  });

  return {
    admin,
    firstDiscussionId: d1,
    firstPollId: p1,
    firstPostId: solaris.postId,
    tiedPollId: p2,
    tiebreakerPollId,
    themePollId: p3,
    openDiscussionId: d4,
    bookId,
  };
}

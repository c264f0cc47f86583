import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Round, RoundUpdate } from '../../shared/api/rounds';
import type { Post } from '../../shared/api/discussions';
import { addMember, type TestMember } from '../test-support/members';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../test-support/test-server';

/**
 * Every call, for every role: who may, who may not (DECISIONS.md "Roles"). A row is
 * [method, path, body, expected status for anonymous, member, moderator, admin, bot].
 * Where a role may call, the status is what the call answers (200, or a rule's 4xx).
 */
type Who = 'anonymous' | 'member' | 'moderator' | 'admin' | 'bot';
const WHO: Who[] = ['anonymous', 'member', 'moderator', 'admin', 'bot'];

let club: TestServer;
const tokens: Partial<Record<Who, string>> = {};
let member: TestMember;
let moderator: TestMember;
let openDiscussionId: number;
let openPollId: number;
let option: Post;
let meetingId: number;

beforeAll(async () => {
  club = await startTestServer();
  tokens.admin = await setUpClub(club);
  member = await addMember(club, { name: 'Member' });
  moderator = await addMember(club, { name: 'Moderator', moderator: true });
  tokens.member = member.token;
  tokens.moderator = moderator.token;
  tokens.bot = (await addMember(club, { name: 'Bot', bot: true })).token;

  const pollRound = await ok<Round>(club, 'POST', '/api/rounds', tokens.admin, { topic: 'Books', title: 'Poll round' });
  option = await ok<Post>(club, 'POST', `/api/discussions/${pollRound.bookDiscussionId}`, member.token, bookSuggestion('Option'));
  openPollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${pollRound.bookDiscussionId}`, tokens.admin)).discussion!.pollId!;
  const open = await ok<Round>(club, 'POST', '/api/rounds', tokens.admin, { topic: 'Books', title: 'Open round' });
  openDiscussionId = open.bookDiscussionId!;
  meetingId = (await ok(club, 'POST', '/api/meetings', tokens.admin, { startsAt: new Date(Date.now() + 86_400_000).toISOString(), place: 'Library' }))
    .meetingId;
});
afterAll(async () => {
  await club.close();
});

async function statuses(method: string, path: () => string, body?: () => unknown): Promise<number[]> {
  const result: number[] = [];
  for (const who of WHO) {
    const res = await club.call(method, path(), { token: tokens[who], body: body?.() });
    result.push(res.status);
  }
  return result;
}

const reads: [string, () => string][] = [
  ['GET /api/rounds', () => '/api/rounds'],
  ['GET /api/discussions/', () => '/api/discussions/'],
  ['GET /api/discussions/{id}', () => `/api/discussions/${openDiscussionId}`],
  ['GET /api/polls/{id}', () => `/api/polls/${openPollId}`],
  ['GET /api/books/', () => '/api/books/'],
  ['GET /api/users', () => '/api/users'],
  ['GET /api/newsletters', () => '/api/newsletters'],
  ['GET /api/reviews/currentlyreading', () => '/api/reviews/currentlyreading'],
  ['GET /api/accounts/context', () => '/api/accounts/context'],
  ['GET /api/meetings', () => '/api/meetings'],
  ['GET /api/meetings/{id}', () => `/api/meetings/${meetingId}`],
  ['GET /api/meetings/{id}/ics', () => `/api/meetings/${meetingId}/ics`],
  ['GET /api/users/calendar-feed', () => '/api/users/calendar-feed'],
];

describe('reads: members and bots, never visitors', () => {
  it.each(reads)('%s', async (_name, path) => {
    expect(await statuses('GET', path)).toEqual([401, 200, 200, 200, 200]);
  });

  it("GET /api/home answers everyone, visitors without the club's content", async () => {
    expect(await statuses('GET', () => '/api/home')).toEqual([200, 200, 200, 200, 200]);
  });

  it('GET /api/calendar/{token}.ics needs no sign-in: its token is the key (404 for a made-up one proves they got through)', async () => {
    expect(await statuses('GET', () => `/api/calendar/${'A'.repeat(43)}.ics`)).toEqual([404, 404, 404, 404, 404]);
  });
});

describe('moderator reads', () => {
  it.each([
    ['GET /api/admin', '/api/admin'],
    ['GET /api/newsletters/all', '/api/newsletters/all'],
  ])('%s', async (_name, path) => {
    expect(await statuses('GET', () => path)).toEqual([401, 403, 200, 200, 403]);
  });

  it('GET /api/admin/bots is for admins only', async () => {
    expect(await statuses('GET', () => '/api/admin/bots')).toEqual([401, 403, 403, 200, 403]);
  });
});

describe('writes', () => {
  it('PUT /api/discussions/preview: members and bots', async () => {
    expect(
      await statuses(
        'PUT',
        () => '/api/discussions/preview',
        () => ({ text: '*hi*' }),
      ),
    ).toEqual([401, 200, 200, 200, 200]);
  });

  it('POST /api/discussions/{id}: members, not bots', async () => {
    expect(
      await statuses(
        'POST',
        () => `/api/discussions/${openDiscussionId}`,
        () => bookSuggestion('Any'),
      ),
    ).toEqual([401, 200, 200, 200, 403]);
  });

  it('PATCH /api/discussions/{id}: the owner while open, moderators any time', async () => {
    // The option's discussion is closed (its poll is open): its owner gets 409, moderators still edit.
    expect(
      await statuses(
        'PATCH',
        () => `/api/discussions/${option.discussionId}`,
        () => ({ ...option, title: 'Edited' }),
      ),
    ).toEqual([401, 409, 200, 200, 403]);
  });

  it('PATCH /api/polls/{id} (its deadline): moderators (before the votes below close the poll)', async () => {
    const closesAt = () => ({ closesAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString() });
    expect(await statuses('PATCH', () => `/api/polls/${openPollId}`, closesAt)).toEqual([401, 403, 200, 200, 403]);
    expect(
      await statuses(
        'PATCH',
        () => `/api/polls/${openPollId}`,
        () => ({ closesAt: null }),
      ),
    ).toEqual([401, 403, 200, 200, 403]);
  });

  it('POST /api/polls/{id}/vote: members, not bots', async () => {
    expect(
      await statuses(
        'POST',
        () => `/api/polls/${openPollId}/vote`,
        () => ({ postIds: [option.postId] }),
      ),
    ).toEqual([401, 200, 200, 200, 403]);
  });

  it('POST /api/meetings, PATCH and cancel: moderators (404 for a missing one proves they got through)', async () => {
    const later = () => ({ startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(), place: 'Library' });
    expect(await statuses('POST', () => '/api/meetings', later)).toEqual([401, 403, 200, 200, 403]);
    expect(
      await statuses(
        'PATCH',
        () => `/api/meetings/${meetingId}`,
        () => ({ notes: 'Bring the book.' }),
      ),
    ).toEqual([401, 403, 200, 200, 403]);
    expect(await statuses('POST', () => '/api/meetings/99999/cancel')).toEqual([401, 403, 404, 404, 403]);
  });

  it('POST /api/meetings/{id}/rsvp and the calendar feed (POST, DELETE): members, not bots', async () => {
    expect(
      await statuses(
        'POST',
        () => `/api/meetings/${meetingId}/rsvp`,
        () => ({ answer: 'maybe' }),
      ),
    ).toEqual([401, 200, 200, 200, 403]);
    expect(await statuses('POST', () => '/api/users/calendar-feed')).toEqual([401, 200, 200, 200, 403]);
    expect(await statuses('DELETE', () => '/api/users/calendar-feed')).toEqual([401, 200, 200, 200, 403]);
  });

  it('POST /api/rounds: moderators', async () => {
    expect(
      await statuses(
        'POST',
        () => '/api/rounds',
        () => ({ topic: 'Books', title: 'By role' }),
      ),
    ).toEqual([401, 403, 200, 200, 403]);
  });

  it('POST /api/rounds/close-discussion and close-poll: moderators (404 for a missing one proves they got through)', async () => {
    expect(await statuses('POST', () => '/api/rounds/close-discussion/99999')).toEqual([401, 403, 404, 404, 403]);
    expect(await statuses('POST', () => '/api/rounds/close-poll/99999')).toEqual([401, 403, 404, 404, 403]);
  });

  it('GET and PUT /api/books/{id}/progress: members read and record, bots only read (404 for a missing book proves they got through)', async () => {
    expect(await statuses('GET', () => '/api/books/99999/progress')).toEqual([401, 404, 404, 404, 404]);
    expect(
      await statuses(
        'PUT',
        () => '/api/books/99999/progress',
        () => ({ percent: 10 }),
      ),
    ).toEqual([401, 404, 404, 404, 403]);
  });

  it('POST /api/admin/noticeboard, registeruser, makemod: moderators', async () => {
    expect(
      await statuses(
        'POST',
        () => '/api/admin/noticeboard',
        () => ({ text: 'Hello **club**' }),
      ),
    ).toEqual([401, 403, 200, 200, 403]);
    let n = 0;
    expect(
      await statuses(
        'POST',
        () => '/api/admin/registeruser',
        () => ({ email: `invitee${n++}@club.test`, name: 'Invitee' }),
      ),
    ).toEqual([401, 403, 200, 200, 403]);
    expect(await statuses('POST', () => `/api/admin/makemod/${encodeURIComponent(member.email)}`)).toEqual([401, 403, 200, 200, 403]);
  });

  it('POST /api/admin/registerbot: admins', async () => {
    let n = 0;
    expect(
      await statuses(
        'POST',
        () => '/api/admin/registerbot',
        () => ({ email: `bot${n++}@club.test`, name: 'Robo', password: 'bot password 1' }),
      ),
    ).toEqual([401, 403, 403, 200, 403]);
  });

  it('POST /api/users/{email}: the owner and moderators', async () => {
    const target = await addMember(club, { name: 'Target' });
    tokens.member = target.token;
    try {
      expect(
        await statuses(
          'POST',
          () => `/api/users/${encodeURIComponent(target.email)}`,
          () => ({ name: 'Target T.' }),
        ),
      ).toEqual([401, 200, 200, 200, 403]);
      // Another member's profile is refused.
      const other = await club.call('POST', `/api/users/${encodeURIComponent(ADMIN.email)}`, { token: target.token, body: { name: 'Nope' } });
      expect(other.status).toBe(403);
    } finally {
      tokens.member = member.token;
    }
  });

  it('POST /api/users/language, newsletters subscribe/unsubscribe, currently reading: members, not bots', async () => {
    expect(
      await statuses(
        'POST',
        () => '/api/users/language',
        () => ({ language: 'sk' }),
      ),
    ).toEqual([401, 200, 200, 200, 403]);
    expect(await statuses('POST', () => '/api/newsletters/allevents/subscribe')).toEqual([401, 200, 200, 200, 403]);
    expect(await statuses('POST', () => '/api/newsletters/allevents/unsubscribe')).toEqual([401, 200, 200, 200, 403]);
    expect(
      await statuses(
        'POST',
        () => '/api/reviews/currentlyreading',
        () => ({ title: 'Middlemarch', author: 'George Eliot' }),
      ),
    ).toEqual([401, 200, 200, 200, 403]);
  });

  it('POST /api/users/avatar: members, not bots (400 for a missing file proves they got through)', async () => {
    const form = () => {
      const data = new FormData();
      data.append('note', 'no file');
      return data;
    };
    const result: number[] = [];
    for (const who of WHO) {
      const headers: Record<string, string> = tokens[who] ? { Authorization: `Bearer ${tokens[who]}` } : {};
      result.push((await fetch(`${club.url}/api/users/avatar`, { method: 'POST', headers, body: form() })).status);
    }
    expect(result).toEqual([401, 400, 400, 400, 403]);
  });
});

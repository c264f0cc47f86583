import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { parseMail, startSmtpSink, unsentMailCount, type SmtpSink } from '../../test-support/mail';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

let smtp: SmtpSink;
let club: TestServer;
let mod: string;
let basic: TestMember;
let both: TestMember;
let none: TestMember;

beforeEach(async () => {
  smtp = await startSmtpSink();
  club = await startTestServer({ smtpUrl: smtp.url, publicUrl: 'https://club.example.org' });
  mod = await setUpClub(club);
  basic = await addMember(club, { name: 'Basic' });
  both = await addMember(club, { name: 'Both' });
  none = await addMember(club, { name: 'None' });
  await ok(club, 'POST', '/api/newsletters/basicevents/subscribe', basic.token);
  await ok(club, 'POST', '/api/newsletters/basicevents/subscribe', both.token);
  await ok(club, 'POST', '/api/newsletters/allevents/subscribe', both.token);
  await ok(club, 'POST', '/api/users/language', both.token, { language: 'sk' });
});
afterEach(async () => {
  await club.close();
  await smtp.close();
});

/** Subjects each member received, after the queue has settled. */
async function inbox(): Promise<Record<string, string[]>> {
  // Until the club has sent all it queued (the worker paces its sends), and nothing more arrives meanwhile.
  let count = -1;
  while (count !== smtp.received.length || unsentMailCount(club) > 0) {
    count = smtp.received.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  const byName: Record<string, string[]> = { Basic: [], Both: [], None: [] };
  for (const mail of smtp.received) {
    const who = [basic, both, none].find((m) => mail.to.includes(m.email));
    if (who) byName[who.name]!.push(parseMail(mail.raw).headers.get('subject')!);
  }
  return byName;
}

describe('newsletters follow the round', () => {
  it('basicevents hears of milestones, allevents also of suggestions, each member once, in their language', async () => {
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Spring' });
    const post = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, none.token, bookSuggestion('Dune'));
    const pollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, mod)).discussion!.pollId!;
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, none.token, { postIds: [post.postId] });
    await ok(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod);

    const mails = await inbox();
    expect(mails.None).toEqual([]);
    expect(mails.Basic).toEqual([
      '[Test Club] New round: Spring: book suggestions',
      '[Test Club] Time to vote: Spring: book suggestions: vote',
      '[Test Club] Our next book: Dune',
    ]);
    expect(mails.Both).toEqual([
      '[Test Club] Nové kolo: Spring: book suggestions',
      '[Test Club] Nový návrh: Dune',
      '[Test Club] Čas hlasovať: Spring: book suggestions: vote',
      '[Test Club] Naša ďalšia kniha: Dune',
    ]);
    const bookMail = smtp.received.find((m) => m.to.includes(basic.email) && parseMail(m.raw).headers.get('subject')!.includes('Dune'))!;
    expect(parseMail(bookMail.raw).text).toMatch(/https:\/\/club\.example\.org\/knihy\/\d+/);
  });

  it('nobody is mailed about their own suggestion', async () => {
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Own' });
    await ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, both.token, bookSuggestion('Mine'));
    expect((await inbox()).Both!.filter((s) => s.includes('Mine'))).toEqual([]);
  });
});

import type { Book } from '../../shared/api/books';
import type { Post } from '../../shared/api/discussions';
import type { Round, RoundUpdate } from '../../shared/api/rounds';
import { addMember, type TestMember } from './members';
import { bookSuggestion, ok } from './round-helpers';
import { setUpClub, startTestServer, type TestServer } from './test-server';

export interface ReadingClub {
  club: TestServer;
  /** The admin's token (the admin is a moderator too). */
  mod: string;
  ann: TestMember;
  ben: TestMember;
  bot: TestMember;
  /** The book the Summer round chose: Ann's "Čítať v lete", over Ben's "The Left Hand of Darkness". */
  book: Book;
}

/** A club that has read a book: two members and a bot, and a Books round that ran to its end. */
export async function startReadingClub(): Promise<ReadingClub> {
  const club = await startTestServer();
  const mod = await setUpClub(club);
  const ann = await addMember(club, { name: 'Ann' });
  const ben = await addMember(club, { name: 'Ben' });
  const bot = await addMember(club, { name: 'Bot', bot: true });
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Summer' });
  const post = await ok<Post>(
    club,
    'POST',
    `/api/discussions/${round.bookDiscussionId}`,
    ann.token,
    bookSuggestion('Čítať v lete', { author: 'Zuzana Krátka', text: 'Kniha o tom, ako **čítať** knihy v lete.' }),
  );
  await ok(
    club,
    'POST',
    `/api/discussions/${round.bookDiscussionId}`,
    ben.token,
    bookSuggestion('The Left Hand of Darkness', { author: 'Ursula K. Le Guin', text: 'A classic of science fiction.' }),
  );
  const pollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, mod)).discussion!.pollId!;
  await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [post.postId] });
  const book = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod)).book!;
  return { club, mod, ann, ben, bot, book };
}

import type { Meeting } from '../shared/api/meetings';
import type { PartComment, ReadingSchedule } from '../shared/api/reading-plan';
import type { ClubServer } from './club-server';
import { arrangeHostAndBea, type HostAndBea } from './host-fixtures';
import type { ClubApi } from './club-api';

export interface PlanScene extends HostAndBea {
  bookId: number;
}

/** A club reading The Left Hand of Darkness (320 pages, book #1); Bea is a member, Hana Host the moderator. */
export async function arrangeLongBook(club: ClubServer): Promise<PlanScene> {
  const scene = await arrangeHostAndBea(club);
  const round = await scene.admin.startRound({ topic: 'Books', title: 'Winter reading' });
  const discussionId = round.bookDiscussionId!;
  const book = await scene.beaApi.suggest(discussionId, {
    title: 'The Left Hand of Darkness',
    author: 'Ursula K. Le Guin',
    pageCount: 320,
    url: 'https://www.goodreads.com/book/show/18423.The_Left_Hand_of_Darkness',
    text: 'An envoy on a planet of endless winter.',
  });
  const pollId = (await scene.admin.closeDiscussion(discussionId)).poll!.pollId;
  await scene.beaApi.vote(pollId, [book.postId]);
  const closed = await scene.admin.closePoll(pollId);
  return { ...scene, bookId: closed.book!.bookId };
}

/** A day `days` from today, at `hour`, in this machine's zone (the browser's too), as an instant. */
export function daysAhead(days: number, hour: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  day.setHours(hour, 0, 0, 0);
  return day.toISOString();
}

/** The reading plan's routes, as one signed-in account calls them. */
export const plan = {
  setSchedule: (api: ClubApi, bookId: number, parts: { title: string; toPage: number; dueOn: string }[]) =>
    api.call<ReadingSchedule>('PUT', `/api/books/${bookId}/schedule`, { parts }),
  reveal: (api: ClubApi, bookId: number, partId: number) => api.call('POST', `/api/books/${bookId}/parts/${partId}/reveal`),
  comment: (api: ClubApi, bookId: number, partId: number, text: string) =>
    api.call<PartComment>('POST', `/api/books/${bookId}/parts/${partId}/comments`, { text }),
  progress: (api: ClubApi, bookId: number, page: number) => api.call('PUT', `/api/books/${bookId}/progress`, { page, shared: false }),
  meeting: (api: ClubApi, bookId: number, startsAt: string) => api.call<Meeting>('POST', '/api/meetings', { startsAt, place: 'The library café', bookId }),
};

/** Four weekly parts of 80 pages, the first due in a week. */
export function fourWeeks() {
  return [80, 160, 240, 320].map((toPage, index) => ({ title: `Pages ${toPage - 79}–${toPage}`, toPage, dueOn: daysAhead(7 * (index + 1), 23) }));
}

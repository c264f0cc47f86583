import type { SearchKind } from '../../shared/api/search';

/**
 * Where each feature's server data sits in the query cache, in one place: a change in one feature
 * refreshes another's data (closing a discussion changes its round, its new poll and home) by key,
 * without the features importing each other. Each feature's `queries.ts` pairs its keys with the
 * typed client's calls; a key's first part is the feature, so `invalidateQueries({ queryKey: ['rounds'] })`
 * refreshes everything of one feature.
 */
export const queryKeys = {
  home: ['home'] as const,
  books: {
    all: ['books'] as const,
    list: ['books', 'list'] as const,
    one: (bookId: number) => ['books', 'one', bookId] as const,
  },
  recommendations: {
    all: ['recommendations'] as const,
    list: ['recommendations', 'list'] as const,
    one: (recommendationId: number) => ['recommendations', 'one', recommendationId] as const,
  },
  progress: {
    all: ['progress'] as const,
    forBook: (bookId: number) => ['progress', 'book', bookId] as const,
  },
  reviews: {
    all: ['reviews'] as const,
    forBook: (bookId: number) => ['reviews', 'book', bookId] as const,
    byUser: (userId: string) => ['reviews', 'user', userId] as const,
  },
  rounds: {
    all: ['rounds'] as const,
    list: ['rounds', 'list'] as const,
  },
  discussions: {
    all: ['discussions'] as const,
    one: (discussionId: number) => ['discussions', 'one', discussionId] as const,
    preview: (text: string) => ['discussions', 'preview', text] as const,
    runnersUp: (discussionId: number) => ['discussions', 'runnersUp', discussionId] as const,
  },
  polls: {
    all: ['polls'] as const,
    one: (pollId: number) => ['polls', 'one', pollId] as const,
  },
  meetings: {
    all: ['meetings'] as const,
    list: ['meetings', 'list'] as const,
    one: (meetingId: number) => ['meetings', 'one', meetingId] as const,
    calendarFeed: ['meetings', 'calendarFeed'] as const,
  },
  users: {
    all: ['users'] as const,
    list: ['users', 'list'] as const,
    currentlyReading: ['users', 'currentlyReading'] as const,
  },
  stats: {
    members: ['stats', 'members'] as const,
  },
  newsletters: {
    mine: ['newsletters', 'mine'] as const,
    subscribers: ['newsletters', 'subscribers'] as const,
  },
  admin: {
    all: ['admin'] as const,
    data: ['admin', 'data'] as const,
    bots: ['admin', 'bots'] as const,
  },
  search: (query: string, kinds: SearchKind[]) => ['search', query, kinds] as const,
};

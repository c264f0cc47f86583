import { z } from 'zod';
import type { Book } from './books';
import type { Discussion } from './discussions';
import type { Poll } from './polls';
import { requiredString } from './schema-helpers';

export const ROUND_TOPICS = ['Books', 'Themes'] as const;
export type RoundTopic = (typeof ROUND_TOPICS)[number];

export interface Round {
  roundId: number;
  title: string;
  description: string | null;
  topic: RoundTopic;
  themeDiscussionId: number | null;
  themePollId: number | null;
  themeTiebreakerPollId: number | null;
  bookDiscussionId: number | null;
  bookPollId: number | null;
  bookTiebreakerPollId: number | null;
  bookId: number | null;
  book: Book | null;
  createdOn: string;
}

export const newRoundSchema = z.object({
  topic: z.enum(ROUND_TOPICS, { error: 'validation:topicInvalid' }),
  title: requiredString('validation:titleRequired').trim().min(1, { error: 'validation:titleRequired' }).max(200, { error: 'validation:tooLong' }),
  description: z
    .string({ error: 'validation:wrongType' })
    .max(20_000, { error: 'validation:tooLong' })
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null)),
});
export type NewRound = z.input<typeof newRoundSchema>;

/** What a vote or a close changed; each is null where untouched (DECISIONS.md). */
export interface RoundUpdate {
  poll: Poll | null;
  discussion: Discussion | null;
  round: Round | null;
  book: Book | null;
}

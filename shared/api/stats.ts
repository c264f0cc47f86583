import { z } from 'zod';
import { answer, component, field, route } from './contract';

export const memberStatsSchema = component(
  'MemberStats',
  "An active member's part in the club: books rated, suggestions the club chose, recommendations.",
  z.object({
    userId: field.userId(),
    userName: z.string(),
    booksRatedCount: z.number().int().min(0).describe('Reviews with stars.'),
    winningBooksCount: z.number().int().min(0).describe("Books the club chose from this member's suggestions."),
    recommendationCount: z.number().int().min(0),
    meetingsAttendedCount: z.number().int().min(0).describe('Meetings they checked in at.'),
  }),
);
export type MemberStats = z.infer<typeof memberStatsSchema>;

export const statsApi = {
  users: route({
    operationId: 'memberStats',
    method: 'get',
    path: '/api/stats/users',
    tag: 'Stats',
    summary: "Each active member's statistics (Obskurnee's statistics page).",
    who: 'member',
    answer: answer.list(memberStatsSchema, 'Every active member (never bots or disabled accounts), by name.'),
  }),
};

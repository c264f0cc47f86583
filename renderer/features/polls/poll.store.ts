import { useParams } from 'react-router-dom';
import { useVote } from './queries';

interface PollActions {
  vote(postIds: number[]): Promise<unknown>;
}

/**
 * The ballot's way in, kept under its old name while the forms move to @mantine/form:
 * `usePollStore((s) => s.vote)` is `useVote(pollId).mutateAsync` for the poll of the page it is on
 * (/hlasovania/:pollId). The poll itself is in the query cache (queries.ts).
 */
export function usePollStore<T>(select: (actions: PollActions) => T): T {
  const pollId = Number(useParams().pollId);
  return select({ vote: useVote(pollId).mutateAsync });
}

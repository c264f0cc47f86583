import type { PartComment, ReadingPart } from '../../../shared/api/reading-plan';
import type { PartCommentShown } from '../../../shared/events';
import type { PartCommentRow, PartReaderRow, ReadingPartRow } from './reading-plan.entity';

/** The reading plan as the API answers it, mapped from its rows (never the rows themselves). */

/** Where a member stands against one part. */
export interface Standing {
  reached: boolean;
  revealed: boolean;
}

/** A member's marks on a part as they stand; a bot's never open a part (it has no progress of its own). */
export function standingOf(marks: PartReaderRow | undefined, isBot: boolean): Standing {
  if (isBot || !marks) return { reached: false, revealed: false };
  return { reached: marks.reachedOn !== null, revealed: marks.revealedOn !== null };
}

export function partOf(row: ReadingPartRow, commentCount: number, standing: Standing): ReadingPart {
  return {
    partId: row.id,
    title: row.title,
    toPage: row.toPage,
    dueOn: row.dueOn,
    commentCount,
    reached: standing.reached,
    revealed: standing.revealed,
  };
}

export function commentOf(row: PartCommentRow, ownerName: string): PartComment {
  return {
    commentId: row.id,
    ownerId: row.ownerId,
    ownerName,
    text: row.text,
    renderedText: row.renderedText,
    createdOn: row.createdOn,
    editedOn: row.editedOn,
  };
}

/** A comment as it travels live: without its markdown (shared/events.ts). */
export function shownComment({ text: _text, ...shown }: PartComment): PartCommentShown {
  return shown;
}

import type { MappingContext } from './mapping-context';
import { NOTICEBOARD_SETTING } from './obskurnee-schema';
import type { ObskurneeClub } from './read-obskurnee';

/** The noticeboard's text, the one Obskurnee setting Bookclub has a counterpart of; the others are reported. */
export function mapNoticeboard(club: ObskurneeClub, context: MappingContext): string | null {
  let noticeboard: string | null = null;
  for (const row of club.settings) {
    if (row.Key === NOTICEBOARD_SETTING) noticeboard = typeof row.Value === 'string' ? row.Value : null;
    else context.problems.push(`Obskurnee's setting "${String(row.Key)}" has no counterpart in Bookclub; left out.`);
  }
  return noticeboard;
}

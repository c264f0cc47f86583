import type { SubscriptionRow } from '../../features/newsletters';
import type { MappingContext } from './mapping-context';
import type { MemberIdOf } from './map-members';
import { str } from './obskurnee-values';
import type { ObskurneeClub } from './read-obskurnee';

/** Members' newsletter subscriptions to the two lists Bookclub has too, each once. */
export function mapSubscriptions(club: ObskurneeClub, context: MappingContext, memberIdOf: MemberIdOf): SubscriptionRow[] {
  const subscriptions: SubscriptionRow[] = [];
  for (const row of club.subscriptions) {
    const userId = memberIdOf(row.UserId);
    const name = str(row.NewsletterName)?.toLowerCase();
    if (userId && (name === 'basicevents' || name === 'allevents')) {
      if (!subscriptions.some((s) => s.userId === userId && s.newsletter === name)) subscriptions.push({ userId, newsletter: name });
    } else {
      context.problems.push(`A subscription to "${String(row.NewsletterName)}" of an unknown list or member was left out.`);
    }
  }
  return subscriptions;
}

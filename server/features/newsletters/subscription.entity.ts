import { column, defineTable, type RowOf } from '../../db/table';
import type { NewsletterName } from '../../../shared/api/newsletters';

export const newsletterSubscriptionTable = defineTable('newsletter_subscription', {
  userId: column.varchar(36).primary(),
  newsletter: column.varchar<NewsletterName>(20).primary(),
});
export type SubscriptionRow = RowOf<typeof newsletterSubscriptionTable>;

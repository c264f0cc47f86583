import { EntitySchema } from 'typeorm';
import type { NewsletterName } from '../../../shared/api/newsletters';

export interface SubscriptionRow {
  userId: string;
  newsletter: NewsletterName;
}

export const SubscriptionEntity = new EntitySchema<SubscriptionRow>({
  name: 'NewsletterSubscription',
  tableName: 'newsletter_subscription',
  columns: {
    userId: { type: 'varchar', length: 36, primary: true },
    newsletter: { type: 'varchar', length: 20, primary: true },
  },
});

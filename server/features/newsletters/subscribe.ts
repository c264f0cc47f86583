import type { DataSource } from 'typeorm';
import type { NewsletterName } from '../../../shared/api/newsletters';
import { SubscriptionEntity } from './subscription.entity';

/**
 * Subscribes an account to a newsletter (nothing changes when it already is): for the newsletters' own
 * routes, and for accounts made outside them (the first admin, also from `npm start -- create-admin`).
 */
export async function subscribeAccount(db: DataSource, userId: string, newsletter: NewsletterName): Promise<void> {
  await db.getRepository(SubscriptionEntity).upsert({ userId, newsletter }, ['userId', 'newsletter']);
}

/** Every new account starts on the main newsletter (DECISIONS.md "Members, mail and the rest"). */
export const NEW_ACCOUNT_NEWSLETTER: NewsletterName = 'basicevents';

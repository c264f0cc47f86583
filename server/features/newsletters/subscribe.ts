import type { DataSource } from 'typeorm';
import type { NewsletterName } from '../../../shared/api/newsletters';
import { sqliteOf } from '../../db/data-source';
import { upsertRow } from '../../db/table';
import { newsletterSubscriptionTable } from './subscription.entity';

/**
 * Subscribes an account to a newsletter (nothing changes when it already is): for the newsletters' own
 * routes, and for accounts made outside them (the first admin, also from `npm start -- create-admin`).
 */
export async function subscribeAccount(db: DataSource, userId: string, newsletter: NewsletterName): Promise<void> {
  // Both columns are the key: a subscription already there is set to what it was.
  upsertRow(sqliteOf(db), newsletterSubscriptionTable, { userId, newsletter }, ['userId', 'newsletter'], ['newsletter']);
}

/** Every new account starts on the main newsletter (DECISIONS.md "Members, mail and the rest"). */
export const NEW_ACCOUNT_NEWSLETTER: NewsletterName = 'basicevents';

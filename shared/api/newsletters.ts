import type { Profile } from './accounts';

export const NEWSLETTERS = ['basicevents', 'allevents'] as const;
export type NewsletterName = (typeof NEWSLETTERS)[number];

export function isNewsletterName(value: unknown): value is NewsletterName {
  return typeof value === 'string' && (NEWSLETTERS as readonly string[]).includes(value);
}

/** GET /api/newsletters/all */
export type NewsletterSubscribers = Record<NewsletterName, Profile[]>;

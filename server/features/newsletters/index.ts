// What other features may use of newsletters; the rest of the folder is its own (npm run lint holds them to this).
export { noClubEvents, type ClubEvent, type ClubEvents, type EventLetter, type MeetingSummary } from './club-events';
export type { NewslettersService } from './newsletters.service';
export { NEW_ACCOUNT_NEWSLETTER, subscribeAccount } from './subscribe';
export { newsletterIssueTable } from './newsletter-issue.entity';
export { newsletterSubscriptionTable, type SubscriptionRow } from './subscription.entity';

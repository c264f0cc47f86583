// What other features may use of newsletters; the rest of the folder is its own (npm run lint holds them to this).
export { subscribersQuery, useMySubscriptions, useSubscribers, useSubscription } from './queries';

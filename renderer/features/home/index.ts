// What other features may use of home; the rest of the folder is its own (npm run lint holds them to this).
export { useBookLookupOn, useHome, useCurrentBookId, useCurrentDiscussion, useRefreshHome, useSetupNeedsCode } from './queries';

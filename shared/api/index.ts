import { accountsApi } from './accounts';
import { adminApi } from './admin';
import { apiDocsApi } from './api-docs';
import { booksApi } from './books';
import { chatApi } from './chat';
import type { RouteContract } from './contract';
import { datePollsApi } from './date-polls';
import { demoApi } from './demo';
import { discussionsApi } from './discussions';
import { homeApi } from './home';
import { lookupApi } from './lookup';
import { hostApi } from './host';
import { meetingNightApi } from './meeting-night';
import { meetingsApi } from './meetings';
import { newslettersApi } from './newsletters';
import { pollsApi } from './polls';
import { progressApi } from './progress';
import { readingPlanApi } from './reading-plan';
import { recommendationsApi } from './recommendations';
import { reviewsApi } from './reviews';
import { roundsApi } from './rounds';
import { runnersUpApi } from './runners-up';
import { scrapeApi } from './scrape';
import { searchApi } from './search';
import { shelvesApi } from './shelves';
import { statsApi } from './stats';
import { currentlyReadingApi, usersApi } from './users';

/** Every route of the API, by feature; each feature's routes in the order they are matched. */
export const API = {
  accounts: accountsApi,
  home: homeApi,
  rounds: roundsApi,
  discussions: discussionsApi,
  runnersUp: runnersUpApi,
  polls: pollsApi,
  // Before books: /api/books/lookup would otherwise be read as /api/books/{bookId}.
  lookup: lookupApi,
  books: booksApi,
  progress: progressApi,
  readingPlan: readingPlanApi,
  // Before users: /api/users/calendar-feed would otherwise be read as /api/users/{email}.
  meetings: meetingsApi,
  meetingNight: meetingNightApi,
  datePolls: datePollsApi,
  scrape: scrapeApi,
  users: usersApi,
  currentlyReading: currentlyReadingApi,
  shelves: shelvesApi,
  recommendations: recommendationsApi,
  reviews: reviewsApi,
  search: searchApi,
  admin: adminApi,
  chat: chatApi,
  host: hostApi,
  newsletters: newslettersApi,
  stats: statsApi,
  apiDocs: apiDocsApi,
  demo: demoApi,
} as const;

/** The same routes as one list: what the server registers and the document describes. */
export const API_ROUTES: readonly RouteContract[] = Object.values(API).flatMap((feature) => Object.values(feature) as RouteContract[]);

import type { HomeData } from '../../shared/api/home';

/** Home as the server answers a visitor of a club that is set up; overrides make a member's home or anything else. */
export function homeData(overrides: Partial<HomeData> = {}): HomeData {
  return {
    books: [],
    notice: null,
    currentPoll: null,
    currentDiscussion: null,
    myProfile: null,
    siteName: 'Club',
    defaultLanguage: 'en',
    matrixRoomLink: null,
    bookLookup: false,
    needsSetup: false,
    setupNeedsCode: false,
    demo: null,
    ...overrides,
  };
}

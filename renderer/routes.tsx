import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { PAGE_PATTERNS } from '../shared/pages';
import { startClub } from './app-start';
import { Layout } from './Layout';
import { NotFoundPage } from './components/NotFoundPage';
import { PageLoader } from './components/PageLoader';
import { SiteNameContext } from './components/PageTitle';
import { RequireLogin } from './components/RequireLogin';
import { useSiteName } from './features/home/queries';
import { RouteErrorBoundary } from './components/RouteError';
import { lazyComponent } from './lib/lazy-component';

// Each page's code is its own chunk, loaded the first time its route is shown.
const SetupPage = lazyComponent(
  () => import('./features/setup/SetupPage'),
  (m) => m.SetupPage,
);
const HomePage = lazyComponent(
  () => import('./features/home/HomePage'),
  (m) => m.HomePage,
);
const PasswordResetPage = lazyComponent(
  () => import('./features/password-reset/PasswordResetPage'),
  (m) => m.PasswordResetPage,
);
const RoundListPage = lazyComponent(
  () => import('./features/rounds/RoundListPage'),
  (m) => m.RoundListPage,
);
const DiscussionPage = lazyComponent(
  () => import('./features/discussions/DiscussionPage'),
  (m) => m.DiscussionPage,
);
const SinglePostPage = lazyComponent(
  () => import('./features/discussions/SinglePostPage'),
  (m) => m.SinglePostPage,
);
const PollPage = lazyComponent(
  () => import('./features/polls/PollPage'),
  (m) => m.PollPage,
);
const AdminPage = lazyComponent(
  () => import('./features/admin/AdminPage'),
  (m) => m.AdminPage,
);
// The moderators' guard comes with the admin page, the one place it is used.
const ModeratorsOnly = lazyComponent(
  () => import('./components/ModeratorsOnly'),
  (m) => m.ModeratorsOnly,
);
const RecommendationListPage = lazyComponent(
  () => import('./features/recommendations/RecommendationListPage'),
  (m) => m.RecommendationListPage,
);
const RecommendationPage = lazyComponent(
  () => import('./features/recommendations/RecommendationPage'),
  (m) => m.RecommendationPage,
);
const BookListPage = lazyComponent(
  () => import('./features/books/BookListPage'),
  (m) => m.BookListPage,
);
const BookPage = lazyComponent(
  () => import('./features/books/BookPage'),
  (m) => m.BookPage,
);
const ReadingPartPage = lazyComponent(
  () => import('./features/reading-plan/ReadingPartPage'),
  (m) => m.ReadingPartPage,
);
const SearchPage = lazyComponent(
  () => import('./features/search/SearchPage'),
  (m) => m.SearchPage,
);
const UserListPage = lazyComponent(
  () => import('./features/users/UserListPage'),
  (m) => m.UserListPage,
);
const UserPage = lazyComponent(
  () => import('./features/users/UserPage'),
  (m) => m.UserPage,
);
const StatsPage = lazyComponent(
  () => import('./features/stats/StatsPage'),
  (m) => m.StatsPage,
);
const MeetingListPage = lazyComponent(
  () => import('./features/meetings/MeetingListPage'),
  (m) => m.MeetingListPage,
);
const MeetingPage = lazyComponent(
  () => import('./features/meetings/MeetingPage'),
  (m) => m.MeetingPage,
);
// The host's pages guard themselves: signed out, the host page welcomes the host's machine before setup.
const HostPage = lazyComponent(
  () => import('./features/host/HostPage'),
  (m) => m.HostPage,
);
const JoinSheetPage = lazyComponent(
  () => import('./features/host/JoinSheetPage'),
  (m) => m.JoinSheetPage,
);
// The room view of a meeting night: full screen, for a TV or projector, without the app's frame. Both its
// pages are one chunk, loaded through one import (each import costs this first script its list of chunks).
const roomPages = () => import('./features/meeting-night/RoomPage');
const RoomPage = lazyComponent(roomPages, (m) => m.RoomPage);
const DisplayRoomPage = lazyComponent(roomPages, (m) => m.DisplayRoomPage);

/** The pages shown without the app's frame (header, navigation, footer): the room view on a TV. */
export const fullScreenRoutes: RouteObject[] = [
  { path: PAGE_PATTERNS.display, element: <DisplayRoomPage /> },
  { element: <RequireLogin />, children: [{ path: PAGE_PATTERNS.room, element: <RoomPage /> }] },
];

/** The app's routes (SPEC section 2) with their login rule; paths keep Obskurnee's Slovak names. */
export const appRoutes: RouteObject[] = [
  { path: PAGE_PATTERNS.setup, element: <SetupPage /> },
  { path: PAGE_PATTERNS.home, element: <HomePage /> },
  { path: PAGE_PATTERNS.passwordReset, element: <PasswordResetPage /> },
  { path: PAGE_PATTERNS.host, element: <HostPage /> },
  { path: PAGE_PATTERNS.joinSheet, element: <JoinSheetPage /> },
  {
    element: <RequireLogin />,
    children: [
      { path: PAGE_PATTERNS.rounds, element: <RoundListPage /> },
      { path: PAGE_PATTERNS.discussion, element: <DiscussionPage /> },
      { path: PAGE_PATTERNS.post, element: <SinglePostPage /> },
      { path: PAGE_PATTERNS.poll, element: <PollPage /> },
      { path: PAGE_PATTERNS.meetings, element: <MeetingListPage /> },
      { path: PAGE_PATTERNS.meeting, element: <MeetingPage /> },
      {
        path: PAGE_PATTERNS.admin,
        element: (
          <ModeratorsOnly>
            <AdminPage />
          </ModeratorsOnly>
        ),
      },
      { path: PAGE_PATTERNS.recommendations, element: <RecommendationListPage /> },
      { path: PAGE_PATTERNS.recommendation, element: <RecommendationPage /> },
      { path: PAGE_PATTERNS.books, element: <BookListPage /> },
      { path: PAGE_PATTERNS.book, element: <BookPage /> },
      { path: PAGE_PATTERNS.readingPart, element: <ReadingPartPage /> },
      { path: PAGE_PATTERNS.search, element: <SearchPage /> },
      { path: PAGE_PATTERNS.members, element: <UserListPage /> },
      { path: PAGE_PATTERNS.stats, element: <StatsPage /> },
      { path: PAGE_PATTERNS.member, element: <UserPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The pages inside the app's frame. A page still loading its code shows the page loader in its place; a
 * page that fails shows RouteError there.
 */
function Pages() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

const frame: RouteObject[] = [
  // Full screen: the loader and error boundary a framed page has, and no frame.
  { element: <Pages />, children: fullScreenRoutes },
  { element: <Layout />, children: [{ element: <Pages />, children: appRoutes }] },
];

/**
 * The app: the frame (or none, full screen), and in it the page the address names (inside a BrowserRouter);
 * every page knows the club's name (from home, or as this browser last knew it).
 */
export function App() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    void startClub(queryClient).catch((error) => console.error('Could not load the club', error));
  }, [queryClient]);
  return (
    <SiteNameContext.Provider value={useSiteName()}>
      <RouteErrorBoundary resetKey={pathname}>{useRoutes(frame)}</RouteErrorBoundary>
    </SiteNameContext.Provider>
  );
}

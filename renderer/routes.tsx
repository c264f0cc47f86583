import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout } from './Layout';
import { NotFoundPage } from './components/NotFoundPage';
import { RequireLogin } from './components/RequireLogin';
import { BookListPage } from './features/books/BookListPage';
import { BookPage } from './features/books/BookPage';
import { DiscussionPage } from './features/discussions/DiscussionPage';
import { SinglePostPage } from './features/discussions/SinglePostPage';
import { HomePage } from './features/home/HomePage';
import { PollPage } from './features/polls/PollPage';
import { RecommendationListPage } from './features/recommendations/RecommendationListPage';
import { RecommendationPage } from './features/recommendations/RecommendationPage';
import { RoundListPage } from './features/rounds/RoundListPage';
import { SearchPage } from './features/search/SearchPage';
import { ModeratorsOnly } from './components/ModeratorsOnly';
import { SetupPage } from './features/setup/SetupPage';
import { AdminPage } from './features/admin/AdminPage';
import { PasswordResetPage } from './features/password-reset/PasswordResetPage';
import { UserListPage } from './features/users/UserListPage';
import { UserPage } from './features/users/UserPage';

/** The app's routes (SPEC section 2) with their login rule; paths keep Obskurnee's Slovak names. */
export const appRoutes: RouteObject[] = [
  { path: '/setup', element: <SetupPage /> },
  { path: '/', element: <HomePage /> },
  { path: '/passwordreset/:userId?/:token?', element: <PasswordResetPage /> },
  {
    element: <RequireLogin />,
    children: [
      { path: '/navrhy', element: <RoundListPage /> },
      { path: '/navrhy/:discussionId', element: <DiscussionPage /> },
      { path: '/navrhy/:discussionId/:postId', element: <SinglePostPage /> },
      { path: '/hlasovania/:pollId', element: <PollPage /> },
      {
        path: '/admin',
        element: (
          <ModeratorsOnly>
            <AdminPage />
          </ModeratorsOnly>
        ),
      },
      { path: '/odporucania', element: <RecommendationListPage /> },
      { path: '/odporucania/:recommendationId', element: <RecommendationPage /> },
      { path: '/knihy', element: <BookListPage /> },
      { path: '/knihy/:bookId', element: <BookPage /> },
      { path: '/hladanie', element: <SearchPage /> },
      { path: '/my', element: <UserListPage /> },
      { path: '/my/:email/:mode?', element: <UserPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter([{ element: <Layout />, children: appRoutes }]);

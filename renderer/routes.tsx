import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout } from './components/Layout';
import { NotFoundPage } from './components/NotFoundPage';
import { RequireLogin } from './components/RequireLogin';
import { BookListPage } from './features/books/BookListPage';
import { BookPage } from './features/books/BookPage';
import { DiscussionPage } from './features/discussions/DiscussionPage';
import { SinglePostPage } from './features/discussions/SinglePostPage';
import { HomePage } from './features/home/HomePage';
import { PollPage } from './features/polls/PollPage';
import { RoundListPage } from './features/rounds/RoundListPage';
import { PlaceholderPage } from './features/placeholders/PlaceholderPage';
import { ModeratorsOnly } from './components/ModeratorsOnly';
import { SetupPage } from './features/setup/SetupPage';

/** The app's routes (SPEC section 2) with their login rule; paths keep Obskurnee's Slovak names. */
export const appRoutes: RouteObject[] = [
  { path: '/setup', element: <SetupPage /> },
  { path: '/', element: <HomePage /> },
  { path: '/passwordreset/:userId?/:token?', element: <PlaceholderPage titleKey="pages:passwordReset" /> },
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
            <PlaceholderPage titleKey="pages:admin" />
          </ModeratorsOnly>
        ),
      },
      { path: '/odporucania', element: <PlaceholderPage titleKey="pages:recommendations" /> },
      { path: '/odporucania/:recommendationId', element: <PlaceholderPage titleKey="pages:singleRecommendation" /> },
      { path: '/knihy', element: <BookListPage /> },
      { path: '/knihy/:bookId', element: <BookPage /> },
      { path: '/hladanie', element: <PlaceholderPage titleKey="pages:search" /> },
      { path: '/my', element: <PlaceholderPage titleKey="pages:users" /> },
      { path: '/my/:email/:mode?', element: <PlaceholderPage titleKey="pages:user" /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter([{ element: <Layout />, children: appRoutes }]);

import { Navigate, Outlet, useLocation } from 'react-router-dom';
export { safeNextUrl } from './safe-next-url';
import { pages } from '../../shared/pages';
import { selectIsSignedIn, useSessionStore } from '../store/session-store';

/**
 * Routes that need login: a visitor without a stored token goes home, carrying where they were headed
 * as nextUrl so signing in takes them there. The server still checks every call.
 */
export function RequireLogin() {
  const signedIn = useSessionStore(selectIsSignedIn);
  const location = useLocation();
  if (!signedIn) {
    const nextUrl = location.pathname + location.search + location.hash;
    return <Navigate to={pages.home({ nextUrl })} replace />;
  }
  return <Outlet />;
}

import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@agroselo/contracts';
import { PageLoader } from '../components/page-loader';
import { ForbiddenPage } from './pages/forbidden.page';
import { paths } from '../lib/paths';
import { useSession } from '../session/session-context';

interface RequireAuthProps {
  /** Roles allowed in; any signed-in account when absent. */
  roles?: readonly Role[];
  /** Let accounts that have not verified their e-mail in (only the verification page does). */
  allowPending?: boolean;
  /** Guarded content; the child routes (<Outlet />) when used as a layout route element. */
  children?: ReactNode;
}

/**
 * Guards a page: visitors go to /login?next=<here> (home right after signing out), pending
 * accounts to /verification-code, other roles see the "Acesso negado" page. The server enforces
 * access anyway.
 */
export function RequireAuth({ roles, allowPending = false, children }: RequireAuthProps) {
  const { status, user, signedOut } = useSession();
  const location = useLocation();

  if (status === 'loading') return <PageLoader />;
  if (!user && signedOut) return <Navigate to={paths.home()} replace />;
  if (!user) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login(here)} replace />;
  }
  if (user.pending && !allowPending) return <Navigate to={paths.verificationCode()} replace />;
  if (roles && !roles.includes(user.role)) return <ForbiddenPage />;
  return children ?? <Outlet />;
}

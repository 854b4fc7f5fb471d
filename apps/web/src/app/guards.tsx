import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

let afterSignIn: string | null = null;

/**
 * The login and signup pages name where VisitorOnly sends the user once the token is stored (signup
 * goes to /my-account, spec-1 §8). The guard redirects as soon as the session changes, so a page's own
 * navigate() would race it; a module value (not React state) is read in the same render.
 */
export function setAfterSignIn(path: string | null): void {
  afterSignIn = path;
}

/** login, signup, forgotPassword: signed-in users go home (spec-1 §6), or where the page named. */
export function VisitorOnly() {
  const { authenticated } = useSession();
  const to = afterSignIn ?? '/home';
  // Forgotten once the visitor pages are left, not earlier: a re-render while the redirect is still
  // under way (the profile arriving) must keep the same target.
  useEffect(
    () => () => {
      afterSignIn = null;
    },
    [],
  );
  return authenticated ? <Navigate to={to} replace /> : <Outlet />;
}

let afterSignOut: string | null = null;

/**
 * The logout page names where RequireAuth sends the user once the session is cleared (/home, spec-1
 * §8) instead of /unauthorized; same reason as setAfterSignIn.
 */
export function setAfterSignOut(path: string | null): void {
  afterSignOut = path;
}

/** Sends a visitor to /unauthorized, remembering the page so that login can come back to it. */
function ToUnauthorized() {
  const location = useLocation();
  return <Navigate to="/unauthorized" replace state={{ from: location }} />;
}

/** Signed-in pages: visitors go to /unauthorized (or where the logout page named). */
export function RequireAuth() {
  const { authenticated } = useSession();
  useEffect(
    () => () => {
      afterSignOut = null;
    },
    [],
  );
  if (authenticated) return <Outlet />;
  return afterSignOut ? <Navigate to={afterSignOut} replace /> : <ToUnauthorized />;
}

/** Admin area: visitors go to /unauthorized, signed-in non-admins to /forbidden (spec-2 §6). */
export function RequireAdmin() {
  const { authenticated, isAdmin } = useSession();
  if (!authenticated) return <ToUnauthorized />;
  return isAdmin ? <Outlet /> : <Navigate to="/forbidden" replace />;
}

/** premium/manage: needs the premium claim, otherwise /forbidden (spec-2 §2). */
export function RequirePremium() {
  const { authenticated, isPremium } = useSession();
  if (!authenticated) return <ToUnauthorized />;
  return isPremium ? <Outlet /> : <Navigate to="/forbidden" replace />;
}

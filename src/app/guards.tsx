/** SPEC §2 route access: a stored token decides which screens can be reached. */
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useAtomValue } from '../lib/store';
import { tokenAtom } from '../state/user';

/** /login, /registration, /otp-verification: signed-in users are sent to the dashboard. */
export function PublicOnly({ children }: { children?: ReactNode }) {
  const token = useAtomValue(tokenAtom);
  if (token !== null) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
}

/** Every signed-in screen: visitors are sent to /login. */
export function RequireToken({ children }: { children?: ReactNode }) {
  const token = useAtomValue(tokenAtom);
  if (token === null) return <Navigate to="/login" replace />;
  return children ?? <Outlet />;
}

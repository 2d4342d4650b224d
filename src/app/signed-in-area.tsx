/**
 * The signed-in shell of SPEC §2: checks the session once on entry (SPEC §4) while the stored user
 * is already on screen, a sidebar (a drawer below 768 px) and a header with the bell.
 */
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { NotificationBell } from '../features/notifications/notification-bell';
import { startPush } from '../lib/push';
import { getServiceWorkerRegistration } from '../lib/service-worker';
import { appStore, useAtomValue } from '../lib/store';
import { storageProblemAtom } from '../lib/storage-problem';
import { addPushNotification } from '../state/notifications';
import { storedStateLoaded } from '../state/persist';
import { loadStoredSentRequests } from '../state/persist-sent-requests';
import { sentRequestsAtom, setSentRequests } from '../state/sent-requests';
import { fetchSentRequests } from '../features/requests/api';
import { tokenAtom } from '../lib/token';
import { userAtom } from '../state/user';
import { useLiveUpdates } from './live-updates';
import { NavigationProgress } from './navigation-progress';
import { bindOutboxUser } from '../lib/outbox/outbox-session';
import { useOutbox } from '../lib/outbox/use-outbox';
import { checkSession, logout } from './session';
import './signed-in-area.css';

// Every send that may wait goes from a signed-in screen, under this shell: from here on the outbox
// sends for the signed-in user (lib/ reads no state/; this chunk stays out of /login's first load).
bindOutboxUser(userAtom);

/** Shown only while requests wait for the network: loaded apart from the shell, which has a size budget. */
const OutboxBadge = lazy(() =>
  import('../features/outbox/outbox-badge').then((module) => ({ default: module.OutboxBadge })),
);

/** Shown only once a write to the device's storage failed. */
const StorageBanner = lazy(() =>
  import('../features/outbox/storage-banner').then((module) => ({ default: module.StorageBanner })),
);

/** Asks an account without consent to the privacy notice, once: loaded only for such an account. */
const ConsentPrompt = lazy(() =>
  import('../features/consent/consent-prompt').then((module) => ({ default: module.ConsentPrompt })),
);

/** At most this long a cold start's first render waits for the session check. */
const START_CHECK_WAIT_MS = 3_000;

/** The session check made before the first render, which the shell takes for its own on mount. */
let checkBeforeRender: Promise<unknown> | undefined;

/**
 * A start with a token but no stored user, whose early script has sent the session check (a cold
 * one): its answer, awaited before the first render (for START_CHECK_WAIT_MS at most), so the first
 * frame greets the user as the dashboard the early script painted does, instead of replacing it with
 * a nameless one.
 */
async function userBeforeFirstRender(): Promise<void> {
  // Prerendered at build time too (src/prerender.tsx), where there is no window.
  if (typeof window === 'undefined' || window.earlySessionCheck === undefined) return;
  await storedStateLoaded;
  if (appStore.get(userAtom) !== null) return;
  checkBeforeRender = checkSession();
  await Promise.race([checkBeforeRender, new Promise((resolve) => setTimeout(resolve, START_CHECK_WAIT_MS))]);
}

/**
 * A start with no sent requests stored, whose early script asked for them (a cold one): their answer,
 * awaited before the first render (for START_CHECK_WAIT_MS at most), so an open request's status is
 * in the frame that replaces the dashboard the early script painted instead of pushing it down later.
 */
async function sentRequestsBeforeFirstRender(storedRead: Promise<void>): Promise<void> {
  if (typeof window === 'undefined' || window.earlySentRequests === undefined) return;
  await storedRead;
  if (appStore.get(sentRequestsAtom).length > 0) return;
  const token = appStore.get(tokenAtom);
  const fetched = fetchSentRequests().then((list) => {
    if (list && appStore.get(tokenAtom) === token) setSentRequests(list);
  });
  await Promise.race([fetched, new Promise((resolve) => setTimeout(resolve, START_CHECK_WAIT_MS))]);
}

const storedSentRequestsRead = loadStoredSentRequests();

/**
 * The stored sent requests, read as this chunk loads, and the user and sent requests of a cold start:
 * the router waits for them (routes.tsx), so a start shows the user and an open request in its first
 * frame.
 */
export const storedStateRead = Promise.all([
  storedSentRequestsRead,
  userBeforeFirstRender(),
  sentRequestsBeforeFirstRender(storedSentRequestsRead),
]);

/** What the shell gives its screens through its <Outlet context>. */
interface SignedInShellContext {
  /** Ends the session on this device (as logout does); the guards then show /login. */
  signOut: () => Promise<void>;
}

const SHELL_CONTEXT: SignedInShellContext = { signOut: logout };

const links = (i18n: I18n) => [
  { to: '/dashboard', label: i18n._('app.home') },
  { to: '/addVehicle', label: i18n._('app.addVehicle') },
  { to: '/myVehicle', label: i18n._('app.myVehicles') },
  { to: '/requests', label: i18n._('app.myRequests') },
  { to: '/slips', label: i18n._('app.slips') },
  { to: '/settings', label: i18n._('app.settings') },
];

/** The layout route of every signed-in screen: the screen is its <Outlet />. */
export default function SignedInArea() {
  const { i18n } = useLingui();
  const user = useAtomValue(userAtom);
  const storageProblem = useAtomValue(storageProblemAtom);
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  useLiveUpdates();
  useOutbox();

  useEffect(() => {
    if (checkBeforeRender === undefined) void checkSession();
    checkBeforeRender = undefined;
    // Logout unregistered the worker (SPEC §4): signing in again without a reload brings it back.
    void getServiceWorkerRegistration();
    void startPush(addPushNotification);
  }, []);

  function onLogout(event: React.MouseEvent) {
    event.preventDefault();
    // The token goes before logout's first await, and the guards follow it to /login at once. Not
    // navigating again when the rest is done: by then the user may be signing in again.
    void logout();
  }

  return (
    <div className="shell" data-menu-open={menuOpen}>
      <NavigationProgress />
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape on any link of the menu closes it. */}
      <aside
        id="sidebar"
        className="sidebar"
        aria-label={i18n._('app.mainMenu')}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setMenuOpen(false);
        }}
      >
        <div className="sidebar-user">
          <p className="sidebar-name">{user?.name}</p>
          <p className="sidebar-email">{user?.email}</p>
        </div>
        <nav className="sidebar-nav">
          {links(i18n).map((link) => (
            <NavLink key={link.to} to={link.to} className="sidebar-link" onClick={() => setMenuOpen(false)}>
              {link.label}
            </NavLink>
          ))}
          <Link to="/login" className="sidebar-link sidebar-logout" onClick={onLogout}>
            {i18n._('app.logout')}
          </Link>
        </nav>
      </aside>
      <button
        type="button"
        className="shell-scrim"
        aria-label={i18n._('app.closeMenu')}
        tabIndex={-1}
        onClick={() => setMenuOpen(false)}
      />
      <div className="shell-main">
        <header className="topbar">
          <button
            type="button"
            className="icon-button menu-button"
            aria-label={i18n._('app.menu')}
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
            </svg>
          </button>
          <Link to="/dashboard" className="topbar-brand">
            {i18n._('app.brand')}
          </Link>
          <Suspense fallback={null}>
            <OutboxBadge />
          </Suspense>
          <NotificationBell />
          <button
            type="button"
            className="button button-primary topbar-search"
            onClick={() => void navigate('/vehicleSearch')}
          >
            {i18n._('app.searchVehicles')}
          </button>
        </header>
        {storageProblem && (
          <Suspense fallback={null}>
            <StorageBanner problem={storageProblem} />
          </Suspense>
        )}
        <main className="content">
          <Outlet context={SHELL_CONTEXT} />
        </main>
        {user?.consentedAt === null && (
          <Suspense fallback={null}>
            <ConsentPrompt user={user} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

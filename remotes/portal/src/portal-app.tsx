import './portal.css';
import { Spinner, ThemeRoot } from '@medaille/design-system';
import { ROUTES } from '@medaille/routing';
import { matchPath, Navigate, Route, Routes } from '@medaille/routing/router';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { COPY } from './copy.ts';
import { installPortal } from './features/notifications/device.ts';

// Each page is its own chunk: a visitor downloads only the page they open (DESIGN §6: the first route counts).
const PAGES: { path: string; load: () => Promise<{ default: ComponentType }> }[] = [
  { path: ROUTES.login, load: () => import('./features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })) },
  {
    path: ROUTES.register,
    load: () => import('./features/auth/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
  },
  {
    path: ROUTES.authCallback,
    load: () => import('./features/callback/callback-page.tsx').then((m) => ({ default: m.CallbackPage })),
  },
  {
    path: ROUTES.activate,
    load: () => import('./features/activation/activation-page.tsx').then((m) => ({ default: m.ActivationPage })),
  },
  {
    path: ROUTES.account,
    load: () => import('./features/account/account-page.tsx').then((m) => ({ default: m.AccountPage })),
  },
  {
    path: ROUTES.editAnimal,
    load: () => import('./features/animals/edit-animal-page.tsx').then((m) => ({ default: m.EditAnimalPage })),
  },
  {
    path: ROUTES.animalHistory,
    load: () => import('./features/inbox/inbox-page.tsx').then((m) => ({ default: m.InboxPage })),
  },
  {
    path: ROUTES.animalPoster,
    load: () => import('./features/poster/poster-page.tsx').then((m) => ({ default: m.PosterPage })),
  },
  {
    path: ROUTES.animalBooklet,
    load: () => import('./features/booklet/booklet-page.tsx').then((m) => ({ default: m.BookletPage })),
  },
  {
    path: ROUTES.animalBookletPrint,
    load: () => import('./features/booklet/booklet-print-page.tsx').then((m) => ({ default: m.BookletPrintPage })),
  },
  {
    path: ROUTES.invitation,
    load: () => import('./features/household/invitation-page.tsx').then((m) => ({ default: m.InvitationPage })),
  },
];

// The page the portal opens on is asked for as this module runs, beside the shell's own chunks, rather than
// once the shell's router has rendered it (on a phone, some 400 ms earlier).
void PAGES.find(({ path }) => matchPath(path, window.location.pathname))
  ?.load()
  .catch(() => {});

const ROUTE_PAGES = PAGES.map(({ path, load }) => ({ path, Page: lazy(load) }));

/**
 * Every owner route (`PORTAL_ROUTES` of @medaille/routing, which the shell sends here), rendered inside the
 * shell's router (one history for the whole site). The portal, and it alone, is installable, with its
 * service worker for the alerts.
 */
export default function PortalApp() {
  useEffect(installPortal, []);
  return (
    <ThemeRoot>
      <Suspense fallback={<Spinner label={COPY.session.checking} />}>
        <Routes>
          {ROUTE_PAGES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<Navigate to={ROUTES.account} replace />} />
        </Routes>
      </Suspense>
    </ThemeRoot>
  );
}

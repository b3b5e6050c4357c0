import './portal.css';
import { Spinner, ThemeRoot } from '@medaille/design-system';
import { ROUTES } from '@medaille/routing';
import { matchPath, Navigate, Route, Routes } from '@medaille/routing/router';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { COPY } from './copy.ts';
import { installPortal } from './features/notifications/device.ts';

/** A page at `path`: its module's component `name`, loaded in a chunk of its own, as React.lazy takes it. */
function page<M, K extends keyof M>(path: string, load: () => Promise<M>, name: K) {
  return { path, load: () => load().then((module) => ({ default: module[name] as ComponentType })) };
}

// Each page is its own chunk: a visitor downloads only the page they open (DESIGN §6: the first route counts).
const PAGES = [
  page(ROUTES.login, () => import('./features/auth/login-page.tsx'), 'LoginPage'),
  page(ROUTES.register, () => import('./features/auth/register-page.tsx'), 'RegisterPage'),
  page(ROUTES.authCallback, () => import('./features/callback/callback-page.tsx'), 'CallbackPage'),
  page(ROUTES.activate, () => import('./features/activation/activation-page.tsx'), 'ActivationPage'),
  page(ROUTES.account, () => import('./features/account/account-page.tsx'), 'AccountPage'),
  page(ROUTES.editAnimal, () => import('./features/animals/edit-animal-page.tsx'), 'EditAnimalPage'),
  page(ROUTES.animalHistory, () => import('./features/inbox/inbox-page.tsx'), 'InboxPage'),
  page(ROUTES.animalPoster, () => import('./features/poster/poster-page.tsx'), 'PosterPage'),
  page(ROUTES.animalBooklet, () => import('./features/booklet/booklet-page.tsx'), 'BookletPage'),
  page(ROUTES.animalBookletPrint, () => import('./features/booklet/booklet-print-page.tsx'), 'BookletPrintPage'),
  page(ROUTES.invitation, () => import('./features/household/invitation-page.tsx'), 'InvitationPage'),
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

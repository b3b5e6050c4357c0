import './portal.css';
import { Spinner, ThemeRoot } from '@medaille/design-system';
import { ROUTES, type RouteOf } from '@medaille/routing';
import { matchPath, Navigate, Route, Routes } from '@medaille/routing/router';
import { type ComponentType, Suspense, useEffect } from 'react';
import { COPY } from './copy.ts';
import { askOpeningData } from './features/animals/opening-data.ts';
import { OPENING_READS, type OpeningPage } from './features/animals/queries.ts';
import { installPortal } from './features/notifications/device.ts';

import { onDemand } from './ui/on-demand.tsx';

/** A page: its module's component `name`, loaded in a chunk of its own (ui/on-demand.tsx). */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  const shown = onDemand(() => load().then((module) => module[name] as ComponentType));
  return { Page: shown.Component, load: shown.load };
}

// Each owner route of the site's table has its page here (a route without one is a type error); each page is
// its own chunk: a visitor downloads only the page they open (docs/budgets.md: the first route counts).
const PAGES: Record<RouteOf<'portal'>, ReturnType<typeof page>> = {
  login: page(() => import('./features/auth/login-page.tsx'), 'LoginPage'),
  register: page(() => import('./features/auth/register-page.tsx'), 'RegisterPage'),
  authCallback: page(() => import('./features/callback/callback-page.tsx'), 'CallbackPage'),
  authConfirm: page(() => import('./features/callback/confirm-link-page.tsx'), 'ConfirmLinkPage'),
  activate: page(() => import('./features/activation/activation-page.tsx'), 'ActivationPage'),
  account: page(
    () => import(/* webpackChunkName: "account-page" */ './features/account/account-page.tsx'),
    'AccountPage',
  ),
  editAnimal: page(
    () => import(/* webpackChunkName: "edit-animal-page" */ './features/animals/edit-animal-page.tsx'),
    'EditAnimalPage',
  ),
  animalHistory: page(() => import('./features/inbox/inbox-page.tsx'), 'InboxPage'),
  animalPoster: page(() => import('./features/poster/poster-page.tsx'), 'PosterPage'),
  animalBooklet: page(() => import('./features/booklet/booklet-page.tsx'), 'BookletPage'),
  animalBookletPrint: page(() => import('./features/booklet/booklet-print-page.tsx'), 'BookletPrintPage'),
  invitation: page(() => import('./features/household/invitation-page.tsx'), 'InvitationPage'),
  claimFound: page(() => import('./features/found/claim-found-page.tsx'), 'ClaimFoundPage'),
};
const PAGE_NAMES = Object.keys(PAGES) as RouteOf<'portal'>[];

// The page the portal opens on is asked for as this module runs, beside the shell's own chunks, rather than
// once the shell's router has rendered it (on a phone, some 400 ms earlier), and its data beside it.
for (const name of PAGE_NAMES) {
  const match = matchPath(ROUTES[name], window.location.pathname);
  if (!match) continue;
  void PAGES[name].load().catch(() => {});
  if (name in OPENING_READS) askOpeningData(name as OpeningPage, match.params);
  break;
}

/**
 * Every owner route (the site's table's portal routes, which the shell sends here), rendered inside the
 * shell's router (one history for the whole site). The portal, and it alone, is installable, with its
 * service worker for the alerts.
 */
export default function PortalApp() {
  useEffect(installPortal, []);
  return (
    <ThemeRoot>
      {/* For a part of a page that suspends with no boundary of its own; the pages themselves do not. */}
      <Suspense fallback={<Spinner label={COPY.session.checking} />}>
        <Routes>
          {PAGE_NAMES.map((name) => {
            const { Page } = PAGES[name];
            return (
              <Route
                key={name}
                path={ROUTES[name]}
                element={<Page fallback={<Spinner label={COPY.session.checking} />} />}
              />
            );
          })}
          <Route path="*" element={<Navigate to={ROUTES.account} replace />} />
        </Routes>
      </Suspense>
    </ThemeRoot>
  );
}

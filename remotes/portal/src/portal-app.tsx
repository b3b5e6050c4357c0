import './portal.css';
import { Spinner, ThemeRoot } from '@medaille/design-system';
import { ROUTES } from '@medaille/routing';
import { matchPath, Navigate, Route, Routes } from '@medaille/routing/router';
import { type ComponentType, Suspense, useEffect } from 'react';
import { COPY } from './copy.ts';
import { EARLY_KEYS, EARLY_READS, readMemberAnimal, readMyAnimals } from './features/animals/queries.ts';
import { installPortal } from './features/notifications/device.ts';
import { askEarly } from './ui/early-data.ts';
import { onDemand } from './ui/on-demand.tsx';

/**
 * A page at `path`: its module's component `name`, loaded in a chunk of its own (ui/on-demand.tsx), and
 * what asks for its data ahead of it (ui/early-data.ts), given the path's parameters.
 */
function page<M, K extends keyof M>(
  path: string,
  load: () => Promise<M>,
  name: K,
  askData?: (params: Readonly<Record<string, string | undefined>>) => void,
) {
  const shown = onDemand(() => load().then((module) => module[name] as ComponentType));
  return { path, askData, Page: shown.Component, load: shown.load };
}

// Each page is its own chunk: a visitor downloads only the page they open (docs/budgets.md: the first route counts).
const PAGES = [
  page(ROUTES.login, () => import('./features/auth/login-page.tsx'), 'LoginPage'),
  page(ROUTES.register, () => import('./features/auth/register-page.tsx'), 'RegisterPage'),
  page(ROUTES.authCallback, () => import('./features/callback/callback-page.tsx'), 'CallbackPage'),
  page(ROUTES.authConfirm, () => import('./features/callback/confirm-link-page.tsx'), 'ConfirmLinkPage'),
  page(ROUTES.activate, () => import('./features/activation/activation-page.tsx'), 'ActivationPage'),
  page(
    ROUTES.account,
    () => import(/* webpackChunkName: "account-page" */ './features/account/account-page.tsx'),
    'AccountPage',
    () => askEarly(EARLY_KEYS.myAnimals, { reads: EARLY_READS.myAnimals }, readMyAnimals),
  ),
  page(
    ROUTES.editAnimal,
    () => import(/* webpackChunkName: "edit-animal-page" */ './features/animals/edit-animal-page.tsx'),
    'EditAnimalPage',
    ({ id = '' }) =>
      askEarly(EARLY_KEYS.memberAnimal(id), { reads: EARLY_READS.memberAnimal, params: { id } }, (client, userId) =>
        readMemberAnimal(client, id, userId),
      ),
  ),
  page(ROUTES.animalHistory, () => import('./features/inbox/inbox-page.tsx'), 'InboxPage'),
  page(ROUTES.animalPoster, () => import('./features/poster/poster-page.tsx'), 'PosterPage'),
  page(ROUTES.animalBooklet, () => import('./features/booklet/booklet-page.tsx'), 'BookletPage'),
  page(ROUTES.animalBookletPrint, () => import('./features/booklet/booklet-print-page.tsx'), 'BookletPrintPage'),
  page(ROUTES.invitation, () => import('./features/household/invitation-page.tsx'), 'InvitationPage'),
];

// The page the portal opens on is asked for as this module runs, beside the shell's own chunks, rather than
// once the shell's router has rendered it (on a phone, some 400 ms earlier), and its data beside it.
for (const opening of PAGES) {
  const match = matchPath(opening.path, window.location.pathname);
  if (!match) continue;
  void opening.load().catch(() => {});
  opening.askData?.(match.params);
  break;
}

/**
 * Every owner route (`PORTAL_ROUTES` of @medaille/routing, which the shell sends here), rendered inside the
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
          {PAGES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page fallback={<Spinner label={COPY.session.checking} />} />} />
          ))}
          <Route path="*" element={<Navigate to={ROUTES.account} replace />} />
        </Routes>
      </Suspense>
    </ThemeRoot>
  );
}

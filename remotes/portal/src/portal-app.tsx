import './portal.css';
import { Spinner, ThemeRoot } from '@medaille/design-system';
import { ROUTES } from '@medaille/routing';
import { Navigate, Route, Routes } from '@medaille/routing/router';
import { lazy, Suspense, useEffect } from 'react';
import { COPY } from './copy.ts';
import { installPortal } from './features/notifications/device.ts';

// Each page is its own chunk: a visitor downloads only the page they open (DESIGN §6: the first route counts).
const LoginPage = lazy(() => import('./features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('./features/auth/register-page.tsx').then((m) => ({ default: m.RegisterPage })));
const CallbackPage = lazy(() =>
  import('./features/callback/callback-page.tsx').then((m) => ({ default: m.CallbackPage })),
);
const ActivationPage = lazy(() =>
  import('./features/activation/activation-page.tsx').then((m) => ({ default: m.ActivationPage })),
);
const AccountPage = lazy(() => import('./features/account/account-page.tsx').then((m) => ({ default: m.AccountPage })));
const EditAnimalPage = lazy(() =>
  import('./features/animals/edit-animal-page.tsx').then((m) => ({ default: m.EditAnimalPage })),
);
const InboxPage = lazy(() => import('./features/inbox/inbox-page.tsx').then((m) => ({ default: m.InboxPage })));
const BookletPage = lazy(() => import('./features/booklet/booklet-page.tsx').then((m) => ({ default: m.BookletPage })));
const BookletPrintPage = lazy(() =>
  import('./features/booklet/booklet-print-page.tsx').then((m) => ({ default: m.BookletPrintPage })),
);
const PosterPage = lazy(() => import('./features/poster/poster-page.tsx').then((m) => ({ default: m.PosterPage })));
const InvitationPage = lazy(() =>
  import('./features/household/invitation-page.tsx').then((m) => ({ default: m.InvitationPage })),
);

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
          <Route path={ROUTES.login} element={<LoginPage />} />
          <Route path={ROUTES.register} element={<RegisterPage />} />
          <Route path={ROUTES.authCallback} element={<CallbackPage />} />
          <Route path={ROUTES.activate} element={<ActivationPage />} />
          <Route path={ROUTES.account} element={<AccountPage />} />
          <Route path={ROUTES.editAnimal} element={<EditAnimalPage />} />
          <Route path={ROUTES.animalHistory} element={<InboxPage />} />
          <Route path={ROUTES.animalPoster} element={<PosterPage />} />
          <Route path={ROUTES.animalBooklet} element={<BookletPage />} />
          <Route path={ROUTES.animalBookletPrint} element={<BookletPrintPage />} />
          <Route path={ROUTES.invitation} element={<InvitationPage />} />
          <Route path="*" element={<Navigate to={ROUTES.account} replace />} />
        </Routes>
      </Suspense>
    </ThemeRoot>
  );
}

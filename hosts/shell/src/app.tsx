import '@medaille/design-system/tokens.css';
import './styles.css';
import { Toaster } from '@medaille/design-system/toast';
import { hasStoredSession } from '@medaille/supabase/stored-session';
import { lazy, Suspense } from 'react';
import { BrowserRouter, matchPath, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { AppHeader } from './app-header.tsx';
import { LandingPage } from './landing-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RemoteView } from './remotes.tsx';
import { PORTAL_ROUTES } from './routing.ts';

const LandingForStoredSession = lazy(() => import('./landing-route.tsx'));

function Landing() {
  // Without a stored session nobody can be signed in: show the page at once, without the auth client.
  if (!hasStoredSession()) return <LandingPage />;
  return (
    <Suspense fallback={null}>
      <LandingForStoredSession />
    </Suspense>
  );
}

/**
 * The portal renders every owner route itself, outside the shell's <Routes>, so that its own routes are
 * absolute and it stays mounted while the owner moves between its pages.
 */
function Pages() {
  if (PORTAL_ROUTES.some((route) => matchPath(route, useLocation().pathname))) {
    return <RemoteView name="portal" props={{}} />;
  }
  return (
    <Routes>
      <Route path="/" element={<Landing />} />
      <Route path="/:code" element={<ScanRoute />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function ScanRoute() {
  const { code = '' } = useParams();
  return <RemoteView name="scan" props={{ code }} />;
}

export function App() {
  return (
    <BrowserRouter>
      <AppHeader />
      <Pages />
      <Toaster />
    </BrowserRouter>
  );
}

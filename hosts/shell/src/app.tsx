import '@medaille/design-system/tokens.css';
import './styles.css';
import { Toaster } from '@medaille/design-system/toast';
import { hasStoredSession } from '@medaille/supabase/stored-session';
import { lazy, Suspense } from 'react';
import { BrowserRouter, matchPath, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { Header } from './header.tsx';
import { LandingPage } from './landing-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RemoteView } from './remotes.tsx';

/** The owner's routes (SPEC section 2), all rendered by the portal remote. */
export const PORTAL_ROUTES = [
  '/activer',
  '/auth/login',
  '/auth/register',
  '/auth/callback',
  '/mon-compte',
  '/mon-compte/animal/:id',
];

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

/** A single path segment that is not one of the owner's routes is a medal code: the scan page. */
function isScanPath(pathname: string): boolean {
  return matchPath('/:code', pathname) !== null && !PORTAL_ROUTES.some((route) => matchPath(route, pathname));
}

function SiteHeader() {
  return <Header live={!isScanPath(useLocation().pathname)} />;
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
      <SiteHeader />
      <Pages />
      <Toaster />
    </BrowserRouter>
  );
}

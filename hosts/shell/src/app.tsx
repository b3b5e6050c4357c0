import '@medaille/design-system/tokens.css';
import './styles.css';
import { Toaster } from '@medaille/design-system/toast';
import { routeOf, SITE, scanCodeOf } from '@medaille/routing';
import { BrowserRouter, useLocation, useNavigationType } from '@medaille/routing/router';
import { hasStoredSession } from '@medaille/supabase/stored-session';
import { lazy, Suspense, useLayoutEffect } from 'react';
import { AppHeader } from './app-header.tsx';
import { LandingPage } from './landing-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RemoteView } from './remotes.tsx';

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
 * Which front-end a path belongs to, by the site's route table (`@medaille/routing`). The portal renders every
 * owner route itself, so that its own routes are absolute and it stays mounted while the owner moves between
 * its pages. (The pages the host serves alone, a conversation's, never load this router.)
 */
function Pages() {
  const { pathname } = useLocation();
  const route = routeOf(pathname);
  if (route?.name === 'home') return <Landing />;
  if (route && SITE[route.name].servedBy === 'portal') return <RemoteView name="portal" props={{}} />;
  const code = route?.name === 'scan' ? scanCodeOf(pathname) : null;
  return code === null ? <NotFoundPage /> : <RemoteView name="scan" props={{ code }} />;
}

/**
 * A page reached by a link or after a form starts at its top, as a page loaded anew does: after a long form
 * (activation, the edit page) the account opened where the form had been scrolled to. Going back or forward
 * (POP) leaves the browser its own restoring.
 */
function ScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return null;
}

export function App() {
  return (
    <BrowserRouter>
      <ScrollToTopOnNavigation />
      <AppHeader />
      <Pages />
      <Toaster />
    </BrowserRouter>
  );
}

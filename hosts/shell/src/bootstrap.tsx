import { codeInPath } from '@medaille/routing/code-in-path';
import { hasStoredSession } from '@medaille/supabase/stored-session';
import { createRoot } from 'react-dom/client';
import { ScanShell, serverScanPage, takeOverServerPage } from './scan-shell.tsx';

/** The route table's own first words (RESERVED_SEGMENTS of @medaille/routing), written in by the build. */
declare const __MEDAILLE_RESERVED_SEGMENTS__: readonly string[];

const root = document.getElementById('root');
// `scanCodeOf`'s rule without the route table, which a finder's scan page does not need (rsbuild.config.ts).
const code = codeInPath(window.location.pathname, __MEDAILLE_RESERVED_SEGMENTS__);

// A finder's first visit is the scan page: its shell comes with this chunk (one round trip fewer) and
// has no router and no auth client; the rest of the site loads its app on demand.
if (root && code !== null) {
  // The host may have rendered the page already: the remote then takes it over where it is.
  const serverPage = serverScanPage(code);
  if (serverPage) void takeOverServerPage(serverPage);
  createRoot(root).render(<ScanShell code={code} serverRendered={serverPage !== null} />);
} else if (root) {
  // With a stored session that must be renewed first, the page needs the auth client: asked for now, beside the
  // app's own chunks, rather than once its router has rendered; one usable as stored waits until the page has
  // loaded (docs/decisions/0022-auth-client-after-the-page.md); told apart in the app's chunk, not in this one,
  // which a finder's scan page loads. (The portal's files come announced by an owner's page itself: loading the
  // remote from here, before the app's shared modules, left it waiting forever now and then.)
  if (hasStoredSession()) {
    // A failed load here is not the page's: the page asks again when it needs the client.
    void import('@medaille/supabase')
      .then(({ sessionAsStoredHere, supabase }) => (sessionAsStoredHere() ? null : supabase()))
      .catch(() => {});
  }
  void import(/* webpackChunkName: "app" */ './app.tsx').then(({ App }) => createRoot(root).render(<App />));
}

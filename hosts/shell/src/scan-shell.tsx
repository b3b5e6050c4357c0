import '@medaille/design-system/tokens.css';
import './styles.css';
import { Toaster } from '@medaille/design-system/toast';
import type { RemoteModules } from '@medaille/federation';
import { SCAN_DATA_ELEMENT_ID, SCAN_PAGE_ELEMENT_ID, type ScanHydration } from '@medaille/scan-contract';
import { hasStoredSession } from '@medaille/supabase/stored-session';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HeaderBar, type HeaderLinkProps, signOutAndGoHome } from './header.tsx';
import { loadRemoteModule, RemoteErrorBoundary, RemoteView } from './remotes.tsx';

function PlainLink({ to, className, label, children }: HeaderLinkProps) {
  return (
    <a href={to} className={className} aria-label={label}>
      {children}
    </a>
  );
}

/** The scan page the host rendered: where its markup is, and what it was rendered from. */
export interface ServerScanPage {
  container: HTMLElement;
  initial: ScanHydration;
}

/**
 * The page the host rendered for `code`, if it did. Data that cannot be read (or names another code) is
 * no page to hydrate: its markup is removed and the page is rendered here, as without a server render.
 */
export function serverScanPage(code: string): ServerScanPage | null {
  const data = document.getElementById(SCAN_DATA_ELEMENT_ID);
  const container = document.getElementById(SCAN_PAGE_ELEMENT_ID);
  if (!data || !container) return null;
  try {
    const initial = JSON.parse(data.textContent ?? '') as ScanHydration | null;
    if (initial?.code === code && typeof initial.build === 'string') return { container, initial };
  } catch {
    // Below.
  }
  container.remove();
  return null;
}

/**
 * Gives the server's page its JavaScript: the scan remote loaded (retried as RemoteView does) and its words
 * for the page's language here, it hydrates the markup when the remote is the build that rendered it, and
 * otherwise renders the same data over it (no profile request either way). Until then, and if the remote
 * never loads, the server's page works as it is, without JavaScript.
 */
export async function takeOverServerPage({ container, initial }: ServerScanPage): Promise<void> {
  let scan: RemoteModules['scan'];
  try {
    scan = await loadRemoteModule('scan');
    await scan.prepareHydration(initial);
  } catch (error) {
    console.error('[shell] scan remote not loaded', error);
    return;
  }
  const ScanPage = scan.default;
  // Under the same error boundary as RemoteView; 'Réessayer' asks the host for the page again.
  const page = (
    <RemoteErrorBoundary onRetry={() => window.location.reload()}>
      <ScanPage code={initial.code} initial={initial} />
    </RemoteErrorBoundary>
  );
  if (scan.BUILD_ID === initial.build) hydrateRoot(container, page);
  else createRoot(container).render(page);
}

/**
 * The shell of a scan page: the header and the scan remote, with plain links to the rest of the site. When
 * the host rendered the page, it is in #scan-page beside this root, and taken over by takeOverServerPage.
 */
export function ScanShell({ code, serverRendered }: { code: string; serverRendered: boolean }) {
  return (
    <>
      <HeaderBar
        signedIn={hasStoredSession()}
        Link={PlainLink}
        onSignOut={() => void signOutAndGoHome((to) => window.location.assign(to))}
      />
      {serverRendered ? null : <RemoteView name="scan" props={{ code }} />}
      <Toaster />
    </>
  );
}

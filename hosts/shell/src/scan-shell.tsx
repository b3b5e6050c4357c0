import '@medaille/design-system/tokens.css';
import './styles.css';
import { Toaster } from '@medaille/design-system/toast';
import { hasStoredSession } from '@medaille/supabase/stored-session';
import { HeaderBar, type HeaderLinkProps, signOutAndGoHome } from './header.tsx';
import { RemoteView } from './remotes.tsx';

function PlainLink({ to, className, label, children }: HeaderLinkProps) {
  return (
    <a href={to} className={className} aria-label={label}>
      {children}
    </a>
  );
}

/** The shell of a scan page: the header and the scan remote, with plain links to the rest of the site. */
export function ScanShell({ code }: { code: string }) {
  return (
    <>
      <HeaderBar
        signedIn={hasStoredSession()}
        Link={PlainLink}
        onSignOut={() => void signOutAndGoHome((to) => window.location.assign(to))}
      />
      <RemoteView name="scan" props={{ code }} />
      <Toaster />
    </>
  );
}

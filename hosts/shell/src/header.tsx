import { toast } from '@medaille/design-system/toast';
import { SITE } from '@medaille/routing/site';
import type { ComponentType, ReactNode } from 'react';
import { COPY } from './copy.ts';
import { useHeaderWords } from './header-language.ts';

export interface HeaderLinkProps {
  to: string;
  className?: string;
  label?: string;
  children: ReactNode;
}

export type HeaderLink = ComponentType<HeaderLinkProps>;

/** Signs out through the shared auth client, loaded only now (not with the scan page). */
export async function signOutAndGoHome(goHome: (to: string) => void) {
  try {
    const { signOut } = await import('@medaille/supabase');
    await signOut();
    toast({ topic: 'sign-out', title: COPY.signOut.done });
    goHome(SITE.home.path);
  } catch {
    toast({ topic: 'sign-out', title: COPY.signOut.failed, variant: 'destructive' });
  }
}

/**
 * The site header; `Link` is the router's link in the app and a plain link on the scan page. Its words
 * follow the page's language (a finder's scan page may not be French).
 */
export function HeaderBar({
  signedIn,
  Link,
  onSignOut,
}: {
  signedIn: boolean;
  Link: HeaderLink;
  onSignOut: () => void;
}) {
  const words = useHeaderWords();
  return (
    <header className="site-header">
      <Link to={SITE.home.path} className="site-logo" label={words.home}>
        <img src="/logo.svg" alt="" width="32" height="32" />
        <span>{COPY.brand}</span>
      </Link>
      <nav className="site-nav">
        {signedIn ? (
          <>
            <Link to={SITE.account.path}>{words.account}</Link>
            <button type="button" className="link-button" onClick={onSignOut}>
              {words.signOut}
            </button>
          </>
        ) : (
          <Link to={SITE.login.path}>{words.signIn}</Link>
        )}
      </nav>
    </header>
  );
}

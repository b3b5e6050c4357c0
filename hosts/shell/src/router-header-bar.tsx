import { Link, useNavigate } from '@medaille/routing/router';
import { HeaderBar, type HeaderLinkProps, signOutAndGoHome } from './header.tsx';

function RouterLink({ to, className, label, children }: HeaderLinkProps) {
  return (
    <Link to={to} className={className} aria-label={label}>
      {children}
    </Link>
  );
}

/** The site header inside the app's router: its links and the sign-out move without reloading the page. */
export function RouterHeaderBar({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  return (
    <HeaderBar
      signedIn={signedIn}
      Link={RouterLink}
      onSignOut={() => void signOutAndGoHome((to) => navigate(to, { replace: true }))}
    />
  );
}

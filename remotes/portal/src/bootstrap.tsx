import '@medaille/design-system/tokens.css';
import { Toaster } from '@medaille/design-system/toast';
import { BrowserRouter } from '@medaille/routing/router';
import { supabase } from '@medaille/supabase';
import { sessionAsStoredHere } from '@medaille/supabase/session-as-stored';
import { hasStoredSession } from '@medaille/supabase/stored-session';
import { createRoot } from 'react-dom/client';
import PortalApp from './portal-app.tsx';

// As the shell does: with a stored session to renew first, the auth client is asked for at once, beside the page's
// chunks (one usable as stored lets the page show first: docs/decisions/0022-auth-client-after-the-page.md).
if (hasStoredSession() && !sessionAsStoredHere()) void supabase().catch(() => {});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <BrowserRouter>
      <PortalApp />
      <Toaster />
    </BrowserRouter>,
  );
}

import '@medaille/design-system/tokens.css';
import { Toaster } from '@medaille/design-system/toast';
import { BrowserRouter } from '@medaille/routing/router';
import { supabase } from '@medaille/supabase';
import { hasStoredSession } from '@medaille/supabase/stored-session';
import { createRoot } from 'react-dom/client';
import PortalApp from './portal-app.tsx';

// As the shell does: with a stored session, the auth client is asked for at once, beside the page's chunks.
if (hasStoredSession()) void supabase().catch(() => {});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <BrowserRouter>
      <PortalApp />
      <Toaster />
    </BrowserRouter>,
  );
}

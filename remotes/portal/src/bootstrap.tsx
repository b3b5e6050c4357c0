import '@medaille/design-system/tokens.css';
import { Toaster } from '@medaille/design-system/toast';
import { BrowserRouter } from '@medaille/routing/router';
import { createRoot } from 'react-dom/client';
import PortalApp from './portal-app.tsx';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <BrowserRouter>
      <PortalApp />
      <Toaster />
    </BrowserRouter>,
  );
}

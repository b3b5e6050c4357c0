import '@medaille/design-system/tokens.css';
import { Toaster } from '@medaille/design-system/toast';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
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

import '@medaille/design-system/tokens.css';
import { Toaster } from '@medaille/design-system/toast';
import { scanCodeOf } from '@medaille/routing';
import { createRoot } from 'react-dom/client';
import ScanPage from './scan-page.tsx';

// Alone, this remote shows the code of its own path: http://localhost:3001/MDL-DEMO-REX.
const code = scanCodeOf(window.location.pathname) ?? 'MDL-DEMO-REX';
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <>
      <ScanPage code={code} />
      <Toaster />
    </>,
  );
}

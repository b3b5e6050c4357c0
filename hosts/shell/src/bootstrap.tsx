import { scanCodeOf } from '@medaille/routing';
import { createRoot } from 'react-dom/client';
import { ScanShell } from './scan-shell.tsx';

const root = document.getElementById('root');
const code = scanCodeOf(window.location.pathname);

// A finder's first visit is the scan page: its shell comes with this chunk (one round trip fewer) and
// has no router and no auth client; the rest of the site loads its app on demand.
if (root && code !== null) {
  createRoot(root).render(<ScanShell code={code} />);
} else if (root) {
  void import('./app.tsx').then(({ App }) => createRoot(root).render(<App />));
}

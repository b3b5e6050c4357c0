import { scanCodeOf } from '@medaille/routing';
import { createRoot } from 'react-dom/client';
import { ScanShell, serverScanPage, takeOverServerPage } from './scan-shell.tsx';

const root = document.getElementById('root');
const code = scanCodeOf(window.location.pathname);

// A finder's first visit is the scan page: its shell comes with this chunk (one round trip fewer) and
// has no router and no auth client; the rest of the site loads its app on demand.
if (root && code !== null) {
  // The host may have rendered the page already (issue 18): the remote then takes it over where it is.
  const serverPage = serverScanPage(code);
  if (serverPage) void takeOverServerPage(serverPage);
  createRoot(root).render(<ScanShell code={code} serverRendered={serverPage !== null} />);
} else if (root) {
  void import('./app.tsx').then(({ App }) => createRoot(root).render(<App />));
}

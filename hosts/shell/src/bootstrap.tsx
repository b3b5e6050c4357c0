import { createRoot } from 'react-dom/client';
import { registerConfiguredRemotes } from './remotes.tsx';
import { scanCodeOf } from './routing.ts';

registerConfiguredRemotes();
const root = document.getElementById('root');
const code = scanCodeOf(window.location.pathname);

// A finder's first visit is the scan page: it gets a shell without the router or the auth client.
if (root && code !== null) {
  void import('./scan-shell.tsx').then(({ ScanShell }) => createRoot(root).render(<ScanShell code={code} />));
} else if (root) {
  void import('./app.tsx').then(({ App }) => createRoot(root).render(<App />));
}

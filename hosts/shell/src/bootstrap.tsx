import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { registerConfiguredRemotes } from './remotes.tsx';

registerConfiguredRemotes();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);

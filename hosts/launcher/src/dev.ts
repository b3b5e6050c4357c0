// `pnpm dev`: the local stack plus each front-end's own rsbuild dev server (hot reload), wired together
// through the same run-time configuration the production shell reads from /config.js.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig, startStack } from '@medaille/local-stack';
import { defaultApiKey, frontEndKey, portsFromEnv } from './launch.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const origin = (port: number) => `http://127.0.0.1:${port}`;
const ports = portsFromEnv(process.env);

const stack = await startStack(loadConfig({ ...process.env, SITE_URL: origin(ports.shell) }));
const config = JSON.stringify({
  supabaseUrl: stack.url,
  supabaseAnonKey: frontEndKey(stack, defaultApiKey(process.env)),
  // The local stack resizes images as Supabase's image transformations do.
  imageTransformations: true,
  remotes: {
    scan: `${origin(ports.scan)}/mf-manifest.json`,
    portal: `${origin(ports.portal)}/mf-manifest.json`,
  },
});

const devServers = [
  ['@medaille/scan', ports.scan],
  ['@medaille/portal', ports.portal],
  ['@medaille/shell', ports.shell],
] as const;
// Each in a process group of its own, stopped as a group: pnpm passes no signal on to the rsbuild process
// it starts, which kept listening after `pnpm dev` ended. Not reading the terminal: a process outside the
// terminal's foreground group that reads it is stopped.
const servers = devServers.map(([name, port]) =>
  spawn('pnpm', ['--filter', name, 'dev', '--port', String(port)], {
    cwd: REPO,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, MEDAILLE_CONFIG: config },
    detached: true,
  }),
);
const stopServer = (pid: number | undefined) => {
  try {
    if (pid) process.kill(-pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};

console.log(`
Médaille (development): open ${origin(ports.shell)}
  Backend: ${stack.url}   e-mails: ${stack.url}/mailbox
  Each remote also runs alone: ${origin(ports.scan)}/MDL-DEMO-REX, ${origin(ports.portal)}/auth/login`);

async function stop() {
  for (const server of servers) stopServer(server.pid);
  await stack.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

// `pnpm start`: builds the front-ends if a build is missing, then runs the whole product locally.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILDS, DiskFullError, PortBusyError, portsFromEnv, superviseProduct } from './launch.ts';

const missing = Object.values(BUILDS).filter(
  (dist) => !existsSync(`${dist}/index.html`) && !existsSync(`${dist}/mf-manifest.json`),
);
if (missing.length > 0) {
  console.log('Building the front-ends (pnpm build)…');
  const build = spawnSync('pnpm', ['build'], {
    cwd: fileURLToPath(new URL('../../../', import.meta.url)),
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** A mistake the person running `pnpm start` can fix: one line that says what to do, no stack trace. */
function refuse(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

let ports: ReturnType<typeof portsFromEnv>;
try {
  ports = portsFromEnv(process.env);
} catch (error) {
  refuse(error);
}
// Each part in a process of its own, started again when it dies: a client who exhausts one process's
// descriptors, or a crash, leaves the others serving.
const product = await superviseProduct({ ports, env: process.env }).catch((error: unknown) => {
  if (error instanceof PortBusyError || error instanceof DiskFullError) refuse(error);
  throw error;
});
console.log(`
Médaille is running: open ${product.url}
  Backend (local stack): ${product.stack.url}   e-mails: ${product.stack.url}/mailbox
  Remotes: scan ${product.sites.scan.url}, portal ${product.sites.portal.url}
  Demo account: demo@medaille.test / medaille-demo   Demo medals: ${product.url}/MDL-DEMO-REX, ${product.url}/MDL-DEMO-MIMI
Press Ctrl-C to stop.`);

async function stop() {
  await product.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

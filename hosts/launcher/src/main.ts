// `pnpm start`: builds the front-ends if a build is missing, then runs the whole product locally.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILDS, launchProduct } from './launch.ts';

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

const product = await launchProduct();
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

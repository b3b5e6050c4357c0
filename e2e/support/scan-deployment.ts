import { spawnSync } from 'node:child_process';
import { cp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStaticSite } from '@medaille/launcher/static-site';
import { expect } from '@playwright/test';
import type { TestProduct } from './product.ts';

export const SCAN_REMOTE = fileURLToPath(new URL('../../remotes/scan/', import.meta.url));

/** Replaces the scan remote's deployment: a new server on the same origin serving `root`, or none (down). */
export async function redeployScan(product: TestProduct, root: string | null): Promise<void> {
  const port = Number(new URL(product.sites.scan.url).port);
  await product.sites.scan.close();
  if (root) product.sites.scan = await serveStaticSite({ root, port });
}

/**
 * Waits until the product's host renders `/{code}` as `wanted` says: the host reads the scan deployment's
 * manifests again at most every DEFAULT_MANIFEST_MAX_AGE_MS (5 s), in the background, so a redeployment is
 * rendered a few seconds later, not at once. One request a second: the profile's rate limit counts them.
 */
export async function untilHostRenders(product: TestProduct, code: string, wanted: (html: string) => boolean) {
  await expect
    .poll(async () => wanted(await (await fetch(`${product.url}/${encodeURIComponent(code)}`)).text()), {
      intervals: [1_000],
      timeout: 20_000,
    })
    .toBe(true);
}

/**
 * A copy of the scan remote's sources with one text changed, built on its own like a new deployment (web
 * and server entry). It sits beside the remote so that its configuration and dependencies resolve as the
 * original's do; `remove` deletes it.
 */
export async function buildChangedScanRemote(text: string, replacement: string) {
  const copy = fileURLToPath(new URL('../../remotes/.scan-rebuild/', import.meta.url));
  const remove = () => rm(copy, { recursive: true, force: true });
  await remove();
  for (const entry of ['src', 'index.html', 'package.json', 'rsbuild.config.ts', 'tsconfig.json']) {
    await cp(join(SCAN_REMOTE, entry), join(copy, entry), { recursive: true });
  }
  await symlink(join(SCAN_REMOTE, 'node_modules'), join(copy, 'node_modules'));
  const copyFile = join(copy, 'src/copy.ts');
  const source = await readFile(copyFile, 'utf8');
  await writeFile(copyFile, source.replace(text, replacement));
  const build = spawnSync(join(SCAN_REMOTE, 'node_modules/.bin/rsbuild'), ['build'], { cwd: copy, encoding: 'utf8' });
  if (build.status !== 0) await remove();
  expect(build.status, build.stderr).toBe(0);
  return { dist: join(copy, 'dist'), remove };
}

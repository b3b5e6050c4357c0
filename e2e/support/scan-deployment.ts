import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

/** The change the journeys deploy: one text of the scan page, easy to see in its HTML. */
export const SCAN_CHANGE = {
  text: 'Aidez-le à rentrer chez lui',
  replacement: 'Nouvelle version : aidez-le à rentrer',
};

const REBUILD = fileURLToPath(new URL('../../remotes/.scan-rebuild/', import.meta.url));
const BUILT = join(REBUILD, 'built');

/** Drops the changed remote's build, so that each run of the journeys builds it from today's sources. */
export const removeChangedScanRemote = () => rm(REBUILD, { recursive: true, force: true });

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
 * The scan remote with SCAN_CHANGE made, built on its own like a new deployment (web and server entry): its
 * `dist`. Built once per run for every journey and worker that asks (a full build takes a core for half a
 * minute or more): the first to create the folder builds, the others wait for its `built` mark. The copy sits
 * beside the remote so that its configuration and dependencies resolve as the original's do.
 */
export async function changedScanRemote(): Promise<string> {
  const dist = join(REBUILD, 'dist');
  for (;;) {
    if (existsSync(BUILT)) return dist;
    const mine = await mkdir(REBUILD).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return false;
        throw error;
      },
    );
    if (!mine) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      await buildChangedCopy();
    } catch (error) {
      await removeChangedScanRemote();
      throw error;
    }
    await writeFile(BUILT, '');
    return dist;
  }
}

async function buildChangedCopy() {
  for (const entry of ['src', 'index.html', 'package.json', 'rsbuild.config.ts', 'tsconfig.json']) {
    await cp(join(SCAN_REMOTE, entry), join(REBUILD, entry), { recursive: true });
  }
  await symlink(join(SCAN_REMOTE, 'node_modules'), join(REBUILD, 'node_modules'));
  const copyFile = join(REBUILD, 'src/copy.ts');
  const source = await readFile(copyFile, 'utf8');
  expect(source).toContain(SCAN_CHANGE.text);
  await writeFile(copyFile, source.replace(SCAN_CHANGE.text, SCAN_CHANGE.replacement));
  // Not spawnSync: the worker's own product keeps answering while the build runs.
  await promisify(execFile)(join(SCAN_REMOTE, 'node_modules/.bin/rsbuild'), ['build'], {
    cwd: REBUILD,
    maxBuffer: 64 * 1024 * 1024,
  });
}

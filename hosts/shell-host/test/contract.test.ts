// @medaille/scan-contract against the builds it describes (`pnpm build` first): the scan deployment's
// built server entry and manifests, and the shell's built page, read by the same functions the host reads
// them with. A build that drifts from the contract fails here, not on a finder's request.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFederationManifest, remoteEntryUrl, remoteFileUrl } from '@medaille/federation/manifest';
import {
  asScanRouteModule,
  readServerManifest,
  SCAN_DATA_ELEMENT_ID,
  SCAN_ROUTE_EXPORTS,
  SERVER_MANIFEST_PATH,
  SHELL_ROOT_ELEMENT_ID,
} from '@medaille/scan-contract';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { attribute, elementsOf, textOf } from '../src/shell-page.ts';
import { REPO, SCAN_BUILD, SHELL_BUILD } from './support.ts';

const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
/** The build's files as the deployment serves them, for URLs of a fake origin. */
const ORIGIN = 'https://scan.example/';
const fileOf = (url: URL, root: string) => join(root, decodeURIComponent(url.pathname));

describe("the scan deployment's build", () => {
  it('has a server manifest naming one route module by its SHA-256, exporting what the contract says', async () => {
    const manifest = readServerManifest(json(join(SCAN_BUILD, SERVER_MANIFEST_PATH)));
    const moduleFile = join(SCAN_BUILD, 'server', manifest.file);
    const bytes = readFileSync(moduleFile);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(manifest.sha256);
    const exports = (await import(
      /* @vite-ignore */ `data:text/javascript;base64,${bytes.toString('base64')}`
    )) as Record<string, unknown>;
    const route = asScanRouteModule(exports, manifest.file);
    for (const [name, type] of Object.entries(SCAN_ROUTE_EXPORTS)) expect(typeof exports[name], name).toBe(type);
    expect(route.BUILD_ID).toBe(manifest.build);
    // The texts of its pages' inline scripts, which the host's Content-Security-Policy allows by hash.
    expect(route.inlineScripts).toEqual([
      expect.stringContaining('showModal'),
      expect.stringContaining('setInterval'),
      expect.stringContaining('PushManager'),
      expect.stringContaining('createImageBitmap'),
    ]);
    expect(() => asScanRouteModule({ ...exports, inlineScripts: [1] }, manifest.file)).toThrow(
      'exports inlineScripts that are not texts',
    );
  });

  it('has an mf-manifest.json of the shape the host and the shell read, naming files that exist', () => {
    for (const root of [SCAN_BUILD, join(REPO, 'remotes/portal/dist')]) {
      const manifestUrl = `${ORIGIN}mf-manifest.json`;
      const manifest = readFederationManifest(json(join(root, 'mf-manifest.json')), manifestUrl);
      expect(existsSync(fileOf(remoteEntryUrl(manifest, manifestUrl), root)), root).toBe(true);
      const files = manifest.exposes.flatMap((expose) => [
        ...expose.assets.js.sync,
        ...expose.assets.js.async,
        ...expose.assets.css.sync,
      ]);
      expect(files.length, root).toBeGreaterThan(0);
      for (const file of files)
        expect(existsSync(fileOf(remoteFileUrl(manifest, manifestUrl, file), root)), file).toBe(true);
    }
  });

  it('reads files against metaData.publicPath, as the shell does, when it is not `auto`', () => {
    const manifest = {
      metaData: { publicPath: 'https://cdn.example/scan/', remoteEntry: { path: 'js', name: 'e.js' } },
    };
    expect(remoteEntryUrl(manifest, `${ORIGIN}mf-manifest.json`).href).toBe('https://cdn.example/scan/js/e.js');
    const auto = { metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'e.js' } } };
    expect(remoteEntryUrl(auto, `${ORIGIN}v2/mf-manifest.json`).href).toBe(`${ORIGIN}v2/e.js`);
  });
});

describe("the shell's built page", () => {
  it('has the root, the configuration script the host inlines, and the early-profile script that looks for the data', () => {
    const elements = elementsOf(parse(readFileSync(join(SHELL_BUILD, 'index.html'), 'utf8')));
    const has = (name: string, key: string, value: string) =>
      elements.some((element) => element.tagName === name && attribute(element, key) === value);
    expect(has('div', 'id', SHELL_ROOT_ELEMENT_ID)).toBe(true);
    expect(has('script', 'src', '/config.js')).toBe(true);
    expect(
      elements.some((element) => element.tagName === 'script' && textOf(element).includes(`"${SCAN_DATA_ELEMENT_ID}"`)),
    ).toBe(true);
  });
});

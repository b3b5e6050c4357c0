import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RsbuildPlugin } from '@rsbuild/core';

const FEDERATION_CJS_FILE = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/][^\\/]+\.cjs$/;

/** The ES module build beside a federation package's CommonJS file, when the package ships one. */
function esModuleBeside(cjsFile: string): string | null {
  const esm = cjsFile.replace(/\.cjs$/, '.js');
  return existsSync(esm) ? esm : null;
}

/**
 * Bundles the Module Federation runtime from its ES module builds instead of its CommonJS ones.
 *
 * Rspack injects the federation runtime by `require.resolve`, so it gets the packages' CommonJS files,
 * which cannot be tree-shaken: every entry then carries the SDK's unused parts (manifest types, node
 * loaders, logger, build-time option helpers). The same packages ship ES module builds of the same
 * version; with them the shell's entry is about 4 KB and each remote's entry about 5 KB smaller
 * (brotli), which the scan route's 100 KB budget needs (docs/budgets.md).
 */
export function pluginFederationRuntimeAsModules(): RsbuildPlugin {
  return {
    name: 'medaille:federation-runtime-as-modules',
    setup(api) {
      api.modifyRspackConfig((config, { rspack }) => {
        config.plugins ??= [];
        config.plugins.push(
          new rspack.NormalModuleReplacementPlugin(/@module-federation/, (resource) => {
            const request: unknown = resource.request;
            if (typeof request !== 'string') return;
            // The injected runtime entry and runtime plugins, named by absolute CommonJS path.
            const fromPath = FEDERATION_CJS_FILE.test(request) ? esModuleBeside(request) : null;
            // The bare name, which the federation plugin aliases to its CommonJS file.
            const fromName =
              request === '@module-federation/runtime'
                ? esModuleBeside(createRequire(join(resource.context, 'index.js')).resolve(request))
                : null;
            const replacement = fromPath ?? fromName;
            if (replacement) resource.request = replacement;
          }),
        );
      });
    },
  };
}

/** The Module Federation version whose runtime files the trimmed copies were compared with. */
const MODULE_FEDERATION_REVIEWED = '2.9.2';

/**
 * The runtime files our builds replace with a trimmed copy (./trimmed-runtime), and why the parts left out
 * never run here: each copy keeps what our use of the runtime reaches and throws, saying so, if anything
 * calls the rest. A build fails when the runtime's version is not the reviewed one.
 */
const TRIMMED_RUNTIME_FILES = [
  // Manifests and snapshots: disableSnapshot, and the shell reads the remotes' manifests itself.
  {
    packageName: '@module-federation/runtime-core',
    file: 'plugins/snapshot/SnapshotHandler.js',
    copy: 'snapshot-handler.js',
  },
  // Preloading a remote's assets: no code calls preloadRemote.
  { packageName: '@module-federation/runtime-core', file: 'utils/preload.js', copy: 'preload.js' },
  // Statically declared remotes: the shell registers its remotes at run time, the scan remote has none.
  { packageName: '@module-federation/webpack-bundler-runtime', file: 'remotes.js', copy: 'bundler-remotes.js' },
  // Tree-shaken shared modules: no shared module asks for it.
  {
    packageName: '@module-federation/webpack-bundler-runtime',
    file: 'getSharedFallbackGetter.js',
    copy: 'shared-fallback-getter.js',
  },
  // Eager shared modules: every build starts with an async boundary.
  {
    packageName: '@module-federation/webpack-bundler-runtime',
    file: 'installInitialConsumes.js',
    copy: 'initial-consumes.js',
  },
  // The plugin for tree-shaken shared modules that init registers: no shared module asks for it.
  { packageName: '@module-federation/webpack-bundler-runtime', file: 'init.js', copy: 'bundler-init.js' },
  // The English sentence of each error code: an error still names its code and the docs' page about it.
  { packageName: '@module-federation/error-codes', file: 'desc.mjs', copy: 'error-descriptions.js' },
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Leaves out of the federation runtime what the shell's and the scan remote's use of it never runs: the
 * snapshot handler (manifests), asset preloading, static remotes, tree-shaken and eager shared modules,
 * and the English sentences of the error codes. The runtime keeps them whatever the build's options
 * (experiments.optimization only drops the snapshot plugin and the remote handler), and the scan route's
 * 100 KB budget counts them (docs/budgets.md): the shell's entry is 4 KB smaller and the scan remote's
 * 1 KB, brotli. Only for builds that meet those conditions: a call to a part left out throws and says
 * what to change.
 */
export function pluginTrimmedFederationRuntime(): RsbuildPlugin {
  return {
    name: 'medaille:trimmed-federation-runtime',
    setup(api) {
      api.modifyRspackConfig((config) => {
        config.module ??= {};
        config.module.rules ??= [];
        for (const { packageName, file, copy } of TRIMMED_RUNTIME_FILES) {
          const path = ['node_modules', ...packageName.split('/'), 'dist', ...file.split('/')];
          config.module.rules.push({
            test: new RegExp(`[\\\\/]${path.map(escapeRegExp).join('[\\\\/]')}$`),
            enforce: 'pre',
            use: [
              {
                loader: fileURLToPath(new URL('./trimmed-runtime/loader.mjs', import.meta.url)),
                options: {
                  replacement: fileURLToPath(new URL(`./trimmed-runtime/${copy}`, import.meta.url)),
                  packageName,
                  reviewedVersion: MODULE_FEDERATION_REVIEWED,
                },
              },
            ],
          });
        }
      });
    },
  };
}

const MANIFEST_FILE = 'mf-manifest.json';

/** A page of a remote that an HTML page opening on it can announce: its route, its chunk, its data's reads. */
export interface AnnouncedPage {
  /** The route, as @medaille/routing writes it (`/mon-compte/animal/:id`). */
  path: string;
  /** The name of the page's chunk (its import's `webpackChunkName`). */
  chunk: string;
  /**
   * The PostgREST reads the page starts with, as paths from the project's URL (`/rest/v1/…`): `{name}` for one
   * of the route's parameters, `{user}` for the signed-in person's id (manifest.ts `AnnouncedPageFiles`).
   */
  data: string[];
}

/**
 * Adds `pages` to the remote's mf-manifest.json: for each page, its route, the files of its chunk group
 * (relative as the manifest's other files) and its data's reads, so that the shell's host can announce them in
 * the head of a page that opens on it, instead of the page asking for them once the remote's module has run (on
 * a phone, a round trip and the download of the remote's first files later). A build without a manifest (the
 * plain one-bundle build) is left as it is.
 */
export function pluginAnnouncedPages(pages: AnnouncedPage[]): RsbuildPlugin {
  return {
    name: 'medaille:announced-pages',
    setup(api) {
      // After the federation plugin's own manifest (its `optimize-transfer` stage).
      api.processAssets({ stage: 'report' }, ({ compilation, sources }) => {
        const manifest = compilation.getAsset(MANIFEST_FILE);
        if (!manifest) return;
        const announced = pages.map(({ path, chunk, data }) => {
          const group = compilation.namedChunkGroups.get(chunk);
          if (!group) throw new Error(`the build has no ${chunk} chunk`);
          const files = group.getFiles();
          return {
            path,
            js: files.filter((file) => file.endsWith('.js')),
            css: files.filter((file) => file.endsWith('.css')),
            data,
          };
        });
        const json = JSON.parse(manifest.source.source().toString()) as Record<string, unknown>;
        compilation.updateAsset(MANIFEST_FILE, new sources.RawSource(JSON.stringify({ ...json, pages: announced })));
      });
    },
  };
}

import { createHash, randomUUID } from 'node:crypto';
import { sharedSingletons } from '@medaille/federation';
import { pluginFederation } from '@medaille/federation/build';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// Standalone development (`pnpm --filter @medaille/scan dev`) gets its configuration inline.
const devConfig = process.env.MEDAILLE_CONFIG;
// `pnpm bench` also builds the same page as one plain bundle, without Module Federation, to measure what
// the architecture costs (docs/budgets.md): SCAN_WITHOUT_FEDERATION=1, into dist-without-federation.
const withoutFederation = process.env.SCAN_WITHOUT_FEDERATION === '1';

// One id per build, compiled into both the browser's page and the server entry: the shell
// hydrates the server's HTML only with the page of the same build, and renders it afresh otherwise.
const BUILD_ID = randomUUID();

const federation = pluginFederation({
  name: 'scan',
  exposes: { './ScanPage': { import: './src/scan-page.tsx', chunk: 'scan-page' } },
  // The router and jotai stay out of the scan page.
  shared: sharedSingletons([
    'react',
    'react/',
    'react-dom',
    'react-dom/',
    '@medaille/design-system/',
    '@medaille/supabase/',
  ]),
});

const SERVER_FILE = /^scan-server\.[0-9a-f]+\.mjs$/;

/**
 * Writes dist/server/server-manifest.json beside the server entry: its file name (content-hashed), the
 * SHA-256 of its bytes, which the host checks before running it, and the build's id.
 */
function pluginServerManifest(): RsbuildPlugin {
  return {
    name: 'medaille:scan-server-manifest',
    setup(api) {
      api.processAssets({ stage: 'report', environments: ['server'] }, ({ compilation, sources }) => {
        const files = Object.keys(compilation.assets).filter((name) => SERVER_FILE.test(name));
        if (files.length !== 1)
          throw new Error(`expected one scan-server.<hash>.mjs, got ${files.join(', ') || 'none'}`);
        const file = files[0] as string;
        const bytes = compilation.assets[file]?.buffer();
        if (!bytes) throw new Error(`${file} has no content`);
        const manifest = { file, sha256: createHash('sha256').update(bytes).digest('hex'), build: BUILD_ID };
        compilation.emitAsset('server-manifest.json', new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    },
  };
}

export default defineConfig({
  plugins: [pluginReact()],
  source: { define: { SCAN_BUILD_ID: JSON.stringify(BUILD_ID) } },
  // No common chunks between the exposed page and the standalone entry: the shell then loads the page in
  // one file instead of two (each request costs its headers and a chunk wrapper).
  splitChunks: false,
  server: {
    port: 3001,
    historyApiFallback: true,
    // The shell loads this remote from another origin: its own, on this machine, whatever its port
    // (SHELL_PORT moves it); no other site. Said here, Module Federation's plugin adds no wildcard of its own.
    cors: { origin: /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/ },
  },
  environments: {
    web: {
      plugins: withoutFederation ? [] : [federation],
      html: {
        template: './index.html',
        tags: devConfig
          ? [{ tag: 'script', children: `window.__MEDAILLE_CONFIG__ = ${devConfig};`, head: true, append: false }]
          : [],
      },
      ...(withoutFederation ? { output: { distPath: { root: 'dist-without-federation' } } } : {}),
    },
    // The server entry: one ES module for Web-standard runtimes (Node, Deno, edge workers), with
    // no import of any kind left, no chunk to load and no CSS (the browser's page brings its own).
    ...(withoutFederation
      ? {}
      : {
          server: {
            plugins: [pluginServerManifest()],
            source: { entry: { 'scan-server': './src/server.tsx' } },
            output: {
              target: 'web-worker',
              module: true,
              emitCss: false,
              emitAssets: false,
              minify: true,
              sourceMap: false,
              distPath: { root: 'dist/server', js: '' },
              filename: { js: '[name].[contenthash:16].mjs' },
            },
            tools: {
              rspack: {
                // The entry's exports are the module's (BUILD_ID, loader, action, render).
                output: { library: { type: 'modern-module' } },
                // Every language's words in the one file: what the browser downloads on demand is here at once.
                module: { parser: { javascript: { dynamicImportMode: 'eager' } } },
              },
            },
          },
        }),
  },
});

import { SHARED_SINGLETONS } from '@medaille/federation';
import { pluginAnnouncedPages, pluginFederationRuntimeAsModules } from '@medaille/federation/build';
import { ROUTES } from '@medaille/routing';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { openingReads } from './build/opening-reads.ts';
import { keepUsedRadixThemesCss } from './build/radix-themes-css.ts';
import { OPENING_READS, type OpeningPage } from './src/features/animals/queries.ts';

// Standalone development (`pnpm --filter @medaille/portal dev`) gets its configuration inline.
const devConfig = process.env.MEDAILLE_CONFIG;
// `pnpm bench` also builds the same pages as one plain single-page app, without Module Federation or the
// shell, to measure what the architecture costs an owner (docs/budgets.md): PORTAL_WITHOUT_FEDERATION=1,
// into dist-without-federation, its entry the standalone bootstrap itself (no federation boundary to wait on).
const withoutFederation = process.env.PORTAL_WITHOUT_FEDERATION === '1';

// The reads of the pages the portal opens on with data, as supabase-js asks them (build/opening-reads.ts).
const reads = await openingReads();

const federation = [
  pluginModuleFederation({
    name: 'portal',
    exposes: { './PortalApp': './src/portal-app.tsx' },
    shared: SHARED_SINGLETONS,
    dts: false,
    manifest: true,
    // In production the shell provides the federation runtime (saves ~18 KB); alone in development it
    // needs its own.
    experiments: { externalRuntime: process.env.NODE_ENV === 'production', optimization: { target: 'web' } },
  }),
  pluginFederationRuntimeAsModules(),
  // The pages an owner opens the portal on with their data (OPENING_READS): the shell's host announces their
  // chunks and asks for their data in their HTML.
  pluginAnnouncedPages(
    (Object.keys(OPENING_READS) as OpeningPage[]).map((page) => ({
      path: ROUTES[page],
      chunk: OPENING_READS[page].chunk,
      data: reads[page].map((read) => read.path),
    })),
  ),
];

export default defineConfig({
  plugins: [pluginReact(), ...(withoutFederation ? [] : federation)],
  source: {
    define: { __MEDAILLE_OPENING_READS__: JSON.stringify(reads) },
    ...(withoutFederation ? { entry: { index: './src/bootstrap.tsx' } } : {}),
  },
  html: {
    template: './index.html',
    tags: devConfig
      ? [{ tag: 'script', children: `window.__MEDAILLE_CONFIG__ = ${devConfig};`, head: true, append: false }]
      : [],
  },
  tools: {
    postcss: (_options, { addPlugins }) => addPlugins(keepUsedRadixThemesCss),
  },
  // Chunks load from this remote's own origin, wherever the shell is.
  output: withoutFederation ? { distPath: { root: 'dist-without-federation' } } : { assetPrefix: 'auto' },
  server: {
    port: 3002,
    historyApiFallback: true,
    // The shell loads this remote from another origin: its own, on this machine, whatever its port
    // (SHELL_PORT moves it); no other site. Said here, Module Federation's plugin adds no wildcard of its own.
    cors: { origin: /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/ },
  },
});

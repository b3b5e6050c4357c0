import { SHARED_SINGLETONS } from '@medaille/federation';
import { pluginFederation } from '@medaille/federation/build';
import { ROUTES } from '@medaille/routing';
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

const federation = pluginFederation({
  name: 'portal',
  exposes: { './PortalApp': { import: './src/portal-app.tsx', chunk: 'portal-app' } },
  shared: SHARED_SINGLETONS,
  // The pages an owner opens the portal on with their data (OPENING_READS): the shell's host announces their
  // chunks and asks for their data in their HTML.
  pages: (Object.keys(OPENING_READS) as OpeningPage[]).map((page) => ({
    path: ROUTES[page],
    chunk: OPENING_READS[page].chunk,
    data: reads[page].map((read) => read.path),
  })),
});

export default defineConfig({
  plugins: [pluginReact(), ...(withoutFederation ? [] : [federation])],
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
  ...(withoutFederation ? { output: { distPath: { root: 'dist-without-federation' } } } : {}),
  server: {
    port: 3002,
    historyApiFallback: true,
    // The shell loads this remote from another origin: its own, on this machine, whatever its port
    // (SHELL_PORT moves it); no other site. Said here, Module Federation's plugin adds no wildcard of its own.
    cors: { origin: /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/ },
  },
});

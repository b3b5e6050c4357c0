import { sharedSingletons } from '@medaille/federation';
import { pluginFederationRuntimeAsModules } from '@medaille/federation/build';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// Standalone development (`pnpm --filter @medaille/scan dev`) gets its configuration inline.
const devConfig = process.env.MEDAILLE_CONFIG;
// `pnpm bench` also builds the same page as one plain bundle, without Module Federation, to measure what
// the architecture costs (DESIGN section 6): SCAN_WITHOUT_FEDERATION=1, into dist-without-federation.
const withoutFederation = process.env.SCAN_WITHOUT_FEDERATION === '1';

const federation = pluginModuleFederation({
  name: 'scan',
  exposes: { './ScanPage': './src/scan-page.tsx' },
  // The router and jotai stay out of the scan page.
  shared: sharedSingletons([
    'react',
    'react/',
    'react-dom',
    'react-dom/',
    '@medaille/design-system/',
    '@medaille/supabase/',
  ]),
  dts: false,
  manifest: true,
  // In production the shell provides the federation runtime (saves ~18 KB); alone in development it
  // needs its own.
  experiments: { externalRuntime: process.env.NODE_ENV === 'production', optimization: { target: 'web' } },
});

export default defineConfig({
  plugins: withoutFederation ? [pluginReact()] : [pluginReact(), federation, pluginFederationRuntimeAsModules()],
  html: {
    template: './index.html',
    tags: devConfig
      ? [{ tag: 'script', children: `window.__MEDAILLE_CONFIG__ = ${devConfig};`, head: true, append: false }]
      : [],
  },
  // No common chunks between the exposed page and the standalone entry: the shell then loads the page in
  // one file instead of two (each request costs its headers and a chunk wrapper).
  splitChunks: false,
  // Chunks load from this remote's own origin, wherever the shell is.
  output: withoutFederation ? { distPath: { root: 'dist-without-federation' } } : { assetPrefix: 'auto' },
  server: { port: 3001, historyApiFallback: true },
});

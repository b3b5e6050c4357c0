import { SHARED_SINGLETONS } from '@medaille/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// Standalone development (`pnpm --filter @medaille/scan dev`) gets its configuration inline.
const devConfig = process.env.MEDAILLE_CONFIG;

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'scan',
      exposes: { './ScanPage': './src/scan-page.tsx' },
      shared: SHARED_SINGLETONS,
      dts: false,
      manifest: true,
      experiments: { optimization: { target: 'web' } },
    }),
  ],
  html: {
    template: './index.html',
    tags: devConfig
      ? [{ tag: 'script', children: `window.__MEDAILLE_CONFIG__ = ${devConfig};`, head: true, append: false }]
      : [],
  },
  // Chunks load from this remote's own origin, wherever the shell is.
  output: { assetPrefix: 'auto' },
  server: { port: 3001, historyApiFallback: true },
});

import { SHARED_SINGLETONS } from '@medaille/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// The deploy-time configuration (backend, remotes' manifests) is read at run time from /config.js, which
// the deployment serves beside index.html. `pnpm dev` passes it inline instead (MEDAILLE_CONFIG).
const devConfig = process.env.MEDAILLE_CONFIG;

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      // Remotes are registered at run time from the configuration (DESIGN D6).
      remotes: {},
      shared: SHARED_SINGLETONS,
      // A remote that is down must not blank the shell: the shell's own shared modules come first.
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: false,
      // The remotes use this runtime instead of bundling their own (about 18 KB less per remote).
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
    }),
  ],
  html: {
    template: './index.html',
    templateParameters: {
      // A host may also inline the configuration in place of this tag, to save a round trip.
      configScript: devConfig
        ? `<script>window.__MEDAILLE_CONFIG__ = ${devConfig};</script>`
        : '<script src="/config.js"></script>',
    },
  },
  server: { port: 3000, historyApiFallback: true },
});

import { SHARED_SINGLETONS } from '@medaille/federation';
import { pluginFederation } from '@medaille/federation/build';
import { earlyProfileScript } from '@medaille/finder-functions/early-profile';
import { RESERVED_SEGMENTS } from '@medaille/routing';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginEarlyFiles } from './build/early-files.ts';
import { minifiedScript } from './build/minified-script.ts';

// The deploy-time configuration (backend, remotes' manifests) is read at run time from /config.js, which
// the deployment serves beside index.html. `pnpm dev` passes it inline instead (MEDAILLE_CONFIG).
const devConfig = process.env.MEDAILLE_CONFIG;

export default defineConfig({
  plugins: [
    pluginReact(),
    // The shell loads its remotes itself, at run time, from the configuration
    // (docs/decisions/0006-remotes-found-at-run-time.md, src/remotes.tsx).
    pluginFederation({ name: 'shell', shared: SHARED_SINGLETONS }),
    pluginEarlyFiles(),
  ],
  // Every page starts with the same files: the entry, the bootstrap (with the scan page's shell) and one
  // chunk of the shared modules every page uses (React, and the small shared bits the scan page needs).
  // Preloaded from the HTML, they download in parallel with the entry instead of after it (docs/budgets.md:
  // request levels before the animal's name), and one chunk instead of ten saves the
  // per-request bytes. Shared modules cannot go into the bootstrap chunk itself: it would wait for itself.
  splitChunks: {
    cacheGroups: {
      sharedOnEveryPage: {
        test: /[\\/](node_modules[\\/](react|react-dom|scheduler)|shared[\\/]design-system[\\/]src[\\/](toast|tokens)|shared[\\/]supabase[\\/]src[\\/](config|stored-session))[\\/.]/,
        name: 'shared',
        chunks: 'all',
        priority: 30,
        enforce: true,
      },
      // Every other page runs the app (its `app` chunk): its router, jotai and the auth state are one chunk
      // beside it, which the HTML of those pages asks for with it (build/early-files.ts).
      appShared: {
        test: /[\\/](node_modules[\\/](react-router|react-router-dom|jotai)|shared[\\/]routing[\\/]src[\\/]router|shared[\\/]supabase[\\/]src[\\/](index|auth|client))[\\/.]/,
        name: 'app-shared',
        chunks: 'async',
        priority: 20,
        enforce: true,
      },
    },
  },
  performance: { preload: { type: 'async-chunks', include: [/[\\/](shared|bootstrap)\.[0-9a-f]+\.(js|css)$/] } },
  html: {
    template: './index.html',
    templateParameters: {
      // A host may also inline the configuration in place of this tag, to save a round trip.
      configScript: devConfig
        ? `<script>window.__MEDAILLE_CONFIG__ = ${devConfig};</script>`
        : '<script src="/config.js"></script>',
      // A scan page asks for its profile while the scripts download, one round trip earlier
      // (docs/decisions/0005-tiny-scan-path.md); made from the same module as the scan remote's request and the shell's
      // path rule.
      earlyProfileScript: `<script>${minifiedScript(earlyProfileScript())}</script>`,
    },
  },
  // The route table's own first words, for the bootstrap's scan-path rule: a constant, so that a finder's scan
  // page carries no route table (src/bootstrap.tsx).
  source: { define: { __MEDAILLE_RESERVED_SEGMENTS__: JSON.stringify(RESERVED_SEGMENTS) } },
  server: { port: 3000, historyApiFallback: true },
});

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
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
 * (brotli), which the scan route's 100 KB budget needs (DESIGN section 6).
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

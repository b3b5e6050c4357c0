import { rspack } from '@rsbuild/core';

/**
 * An inline script of the shell's HTML as the bundles' code is shipped: minified by the build's own SWC. Such a
 * script is made from functions' own source (`fn.toString()`, so that lint and tsc see them), which keeps the
 * spaces of TypeScript's stripped types and every name whole; the HTML of every page, a finder's scan page first,
 * carries it. Names are shortened, nothing else is changed.
 */
export function minifiedScript(source: string): string {
  return rspack.experiments.swc.minifySync(source, { compress: false, mangle: true }).code;
}

// Replaces @module-federation/webpack-bundler-runtime's init.js in our builds (see ../build.ts). The
// original also registers a plugin for tree-shaken shared modules, which does nothing unless the build
// declares shared fallbacks (`treeShaking` in a shared module's options); none of ours does.
export function init({ webpackRequire }) {
  const { initOptions, runtime, sharedFallback } = webpackRequire.federation;
  if (!initOptions) throw new Error('initOptions is required!');
  if (sharedFallback) {
    throw new Error('Tree-shaken shared modules are left out of this build (see @medaille/federation/build)');
  }
  return runtime.init(initOptions);
}

// Replaces @module-federation/webpack-bundler-runtime's getSharedFallbackGetter.js in our builds (see
// ../build.ts): it serves shared modules' tree shaking (`treeShaking` in a shared module's options), which
// none of our shared modules asks for; the runtime calls it only when the build declares such fallbacks.
export function getSharedFallbackGetter() {
  throw new Error('Tree-shaken shared modules are left out of this build (see @medaille/federation/build)');
}

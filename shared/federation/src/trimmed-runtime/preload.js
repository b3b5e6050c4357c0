// Replaces @module-federation/runtime-core's utils/preload.js in our builds (see ../build.ts): preloading a
// remote's assets serves preloadRemote and the snapshot plugin, which our builds leave out and no code calls.
function leftOut() {
  throw new Error('Module Federation preloading is left out of this build');
}

export const defaultPreloadArgs = leftOut;
export const formatPreloadArgs = leftOut;
export const normalizePreloadExposes = leftOut;
export const preloadAssets = leftOut;

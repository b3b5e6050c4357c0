// The scan build's id: rsbuild.config.ts makes one per `rsbuild build` and compiles it into both
// the browser's page and the server entry, so that the browser hydrates only HTML its own build rendered.
declare const SCAN_BUILD_ID: string | undefined;

/** 'development' where no build defined it (a test, the dev server without the config's define). */
export const BUILD_ID: string = typeof SCAN_BUILD_ID === 'string' ? SCAN_BUILD_ID : 'development';

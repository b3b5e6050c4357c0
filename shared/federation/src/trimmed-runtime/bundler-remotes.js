// Replaces @module-federation/webpack-bundler-runtime's remotes.js in the shell and the scan remote (see
// ../build.ts): it loads the remotes a build declares statically (`remotes` in its federation options,
// imported as `scan/ScanPage`). The shell declares none, it registers them at run time from the
// configuration and loads them with loadRemote; the scan remote has no remotes (disableRemote).
export function remotes() {
  throw new Error(
    'Static remotes are left out of this build: register them at run time (see @medaille/federation/build)',
  );
}

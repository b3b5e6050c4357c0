// Replaces @module-federation/runtime-core's plugins/snapshot/SnapshotHandler.js in our builds (see
// ../build.ts). The snapshot handler reads remotes' manifests (mf-manifest.json) and builds the global
// snapshots that preloadRemote and the snapshot plugin use. Our builds leave the snapshot plugin out
// (disableSnapshot), the shell reads the manifests itself and registers each remote by its entry file, and
// no code calls preloadRemote: what is left of the handler is its hooks (plugins register on them) and
// the manifest cache that removing a remote clears.
import { getGlobalSnapshot, getGlobalSnapshotInfoByModuleInfo, getInfoWithoutType } from '../../global.js';
import { AsyncHook } from '../../utils/hooks/asyncHook.js';
import { AsyncWaterfallHook } from '../../utils/hooks/asyncWaterfallHooks.js';
import { PluginSystem } from '../../utils/hooks/pluginSystem.js';

/** The original's, unchanged: removing a remote asks it for the host's snapshot of that remote. */
export function getGlobalRemoteInfo(moduleInfo, origin) {
  const hostGlobalSnapshot = getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version });
  const globalRemoteInfo =
    hostGlobalSnapshot &&
    'remotesInfo' in hostGlobalSnapshot &&
    hostGlobalSnapshot.remotesInfo &&
    getInfoWithoutType(hostGlobalSnapshot.remotesInfo, moduleInfo.name).value;
  if (globalRemoteInfo?.matchedVersion) {
    return {
      hostGlobalSnapshot,
      globalSnapshot: getGlobalSnapshot(),
      remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({
        name: moduleInfo.name,
        version: globalRemoteInfo.matchedVersion,
      }),
    };
  }
  return {
    hostGlobalSnapshot: undefined,
    globalSnapshot: getGlobalSnapshot(),
    remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({
      name: moduleInfo.name,
      version: 'version' in moduleInfo ? moduleInfo.version : undefined,
    }),
  };
}

export class SnapshotHandler {
  constructor(host) {
    this.HostInstance = host;
    this.loaderHook = host.loaderHook;
    this.manifestCache = new Map();
    this.hooks = new PluginSystem({
      beforeLoadRemoteSnapshot: new AsyncHook('beforeLoadRemoteSnapshot'),
      loadSnapshot: new AsyncWaterfallHook('loadGlobalSnapshot'),
      loadRemoteSnapshot: new AsyncWaterfallHook('loadRemoteSnapshot'),
      afterLoadSnapshot: new AsyncWaterfallHook('afterLoadSnapshot'),
      beforeLoadManifest: new AsyncHook('beforeLoadManifest'),
      afterLoadManifest: new AsyncHook('afterLoadManifest'),
    });
  }

  loadRemoteSnapshotInfo() {
    throw new Error('Module Federation snapshots are left out of this build (disableSnapshot)');
  }
}

// Rspack loader: gives a federation runtime file the source of its trimmed copy (see ../build.ts). The copy
// keeps the original's path, so its relative imports resolve inside the same package as the original's.
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

export default function trimmedRuntimeLoader() {
  const { replacement, packageName, reviewedVersion } = this.getOptions();
  const marker = `${sep}node_modules${sep}${packageName.replaceAll('/', sep)}${sep}`;
  const packageRoot = this.resourcePath.slice(0, this.resourcePath.lastIndexOf(marker) + marker.length);
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
  if (version !== reviewedVersion) {
    // A newer runtime may call what the copy leaves out: someone has to read the new file first.
    throw new Error(
      `${replacement} replaces a file of ${packageName} ${reviewedVersion}, but this build has ${version}: compare it with the new version's file, then update MODULE_FEDERATION_REVIEWED in @medaille/federation/build`,
    );
  }
  this.addDependency(replacement);
  return readFileSync(replacement, 'utf8');
}

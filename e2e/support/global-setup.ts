import { removeChangedScanRemote } from './scan-deployment.ts';

/** Each run builds the changed scan remote afresh (once, for every journey that deploys it) and leaves none behind. */
export default async function globalSetup() {
  await removeChangedScanRemote();
  return removeChangedScanRemote;
}

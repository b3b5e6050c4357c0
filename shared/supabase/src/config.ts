/**
 * The front-ends' deploy-time configuration, read at run time from `window.__MEDAILLE_CONFIG__`, which the
 * shell's `/config.js` sets before any bundle runs: a new deploy of a remote or of the backend needs no
 * rebuild. Checked by hand rather than with zod: this runs on the scan page, where every kilobyte counts.
 */
import type { DeployConfig } from './deploy-config.ts';

declare global {
  interface Window {
    __MEDAILLE_CONFIG__?: Partial<DeployConfig>;
  }
}

let checked: DeployConfig | undefined;

export function appConfig(): DeployConfig {
  if (checked) return checked;
  const raw = (typeof window === 'undefined' ? undefined : window.__MEDAILLE_CONFIG__) ?? {};
  const missing = [
    typeof raw.supabaseUrl === 'string' && raw.supabaseUrl ? null : 'supabaseUrl',
    typeof raw.supabaseAnonKey === 'string' && raw.supabaseAnonKey ? null : 'supabaseAnonKey',
    typeof raw.remotes?.scan === 'string' ? null : 'remotes.scan',
    typeof raw.remotes?.portal === 'string' ? null : 'remotes.portal',
  ].filter((name): name is string => name !== null);
  if (missing.length > 0) {
    throw new Error(`window.__MEDAILLE_CONFIG__ (config.js) is missing: ${missing.join(', ')}`);
  }
  checked = raw as DeployConfig;
  return checked;
}

/** Whether Storage resizes images here (see DeployConfig.imageTransformations); false when unset. */
export function hasImageTransformations(): boolean {
  return typeof window !== 'undefined' && window.__MEDAILLE_CONFIG__?.imageTransformations === true;
}

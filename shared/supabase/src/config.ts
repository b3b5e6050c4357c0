/**
 * The front-ends' deploy-time configuration, read at run time from `window.__MEDAILLE_CONFIG__`, which the
 * shell's `/config.js` sets before any bundle runs: a new deploy of a remote or of the backend needs no
 * rebuild. Checked by hand rather than with zod: this runs on the scan page, where every kilobyte counts.
 */
export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Each remote's mf-manifest.json URL. */
  remotes: { scan: string; portal: string };
  /**
   * True when the backend's Storage resizes images (/storage/v1/render/image: Supabase's Pro plan, or the
   * local stack). The scan page then asks for photos sized for the screen; without it, the stored photo.
   */
  imageTransformations?: boolean;
}

declare global {
  interface Window {
    __MEDAILLE_CONFIG__?: Partial<AppConfig>;
  }
}

let checked: AppConfig | undefined;

export function appConfig(): AppConfig {
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
  checked = raw as AppConfig;
  return checked;
}

/** Whether Storage resizes images here (see AppConfig.imageTransformations); false when unset. */
export function hasImageTransformations(): boolean {
  return typeof window !== 'undefined' && window.__MEDAILLE_CONFIG__?.imageTransformations === true;
}

import { scriptSafeJson } from '@medaille/scan-contract';

/**
 * The shell's run-time configuration (DESIGN D6), the same object the browser reads from
 * `window.__MEDAILLE_CONFIG__`: the host inlines it in every page and serves it as `/config.js`.
 */
export interface ShellConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Each remote's mf-manifest.json URL; the scan remote's server entry is found beside it. */
  remotes: { scan: string; portal: string };
  imageTransformations?: boolean;
}

/** The script that sets the configuration, as `/config.js` and inline in a page. */
export function configScript(config: ShellConfig): string {
  // `<` escaped: the same text goes inside a <script> element, where `</script>` would end it.
  return `window.__MEDAILLE_CONFIG__ = ${scriptSafeJson(config)};\n`;
}

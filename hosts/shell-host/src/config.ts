import { scriptSafeJson } from '@medaille/federation';

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

/** Text for an HTML element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

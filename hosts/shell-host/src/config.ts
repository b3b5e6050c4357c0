import { scriptSafeJson } from '@medaille/scan-contract';
import type { DeployConfig } from '@medaille/supabase/deploy-config';

/**
 * The script that sets the deploy-time configuration (docs/decisions/0006-remotes-found-at-run-time.md) where the
 * browser reads it (`@medaille/supabase/config`): `/config.js`, and inline in every page.
 */
export function configScript(config: DeployConfig): string {
  // `<` escaped: the same text goes inside a <script> element, where `</script>` would end it.
  return `window.__MEDAILLE_CONFIG__ = ${scriptSafeJson(config)};\n`;
}

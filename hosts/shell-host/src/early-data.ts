import { SESSION_RENEWAL_MARGIN_S, type StoredSession, storedSessionAsIs } from '@medaille/supabase/session-as-stored';
import { SESSION_STORAGE_KEY } from '@medaille/supabase/stored-session';

/** What the page's configuration script set, as far as this script reads it. */
interface PageWindow {
  __MEDAILLE_CONFIG__?: { supabaseUrl?: string; supabaseAnonKey?: string };
  __MEDAILLE_EARLY_DATA__?: { user: string; asked: Record<string, Promise<Response>> };
}

/**
 * In the browser, with the session supabase-js would use as stored (null: none, or one it renews first, and so
 * does the portal then): asks for `reads` at once, with the configuration's project and that session's token,
 * as supabase-js would, and leaves the answers for the portal (its ui/early-data.ts). Then warms the browser's
 * French date data: the page will write dates at the hour of Paris, and a browser's first date format loads that
 * locale's and that zone's data (some 80 ms of a phone's main thread), done now while the scripts download.
 * Sent as its own source: self-contained, and without functions of its own (a runner that keeps functions'
 * names, as tsx does, would wrap them in a helper the page does not have).
 */
function askPageDataEarly(session: StoredSession | null, reads: string[]): void {
  const page = globalThis as unknown as PageWindow;
  const config = page.__MEDAILLE_CONFIG__;
  if (!config?.supabaseUrl || !config.supabaseAnonKey || !session) return;
  const user = session.user.id;
  // Put into the reads' paths as it is: a plain id only.
  if (!/^[\w-]+$/.test(user)) return;
  const project = config.supabaseUrl.replace(/\/$/, '');
  const headers = { apikey: config.supabaseAnonKey, Authorization: `Bearer ${session.access_token}` };
  const asked: Record<string, Promise<Response>> = {};
  for (const read of reads) {
    const path = read.split('{user}').join(user);
    asked[path] = fetch(project + path, { headers });
    asked[path].catch(() => {});
  }
  page.__MEDAILLE_EARLY_DATA__ = { user, asked };
  setTimeout(() => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long' }).format(0), 0);
}

/**
 * The inline script of a page that opens on one of the portal's pages with data (the manifest's `pages`): the
 * page's reads asked for while its scripts download (on a phone, the remote's first files and a round trip
 * earlier), the portal taking the answers or asking again. `reads` have the route's parameters filled in;
 * `{user}`, the person's id, is known only here. Made from the functions themselves: `storedSessionAsIs`, the
 * rule the portal's auth state follows too (docs/decisions/0022-auth-client-after-the-page.md), with the constant it names.
 */
export function earlyDataScript(reads: string[]): string {
  return `(function () {
  var SESSION_RENEWAL_MARGIN_S = ${JSON.stringify(SESSION_RENEWAL_MARGIN_S)};
  (${askPageDataEarly.toString()})((${storedSessionAsIs.toString()})(window.localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}), Date.now() / 1000), ${JSON.stringify(reads)});
})();`;
}

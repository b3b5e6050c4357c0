import { SESSION_RENEWAL_MARGIN_S } from '@medaille/supabase/session-as-stored';
import { SESSION_STORAGE_KEY } from '@medaille/supabase/stored-session';

/**
 * The inline script of a page that opens on one of the portal's pages with data (the manifest's `pages`): in a
 * browser that keeps a session whose access token is still good, it asks for the page's reads at once, with the
 * configuration's project and that token, as supabase-js would, while the page's scripts download (on a phone,
 * the remote's first files and a round trip earlier); the portal takes the answers (its ui/early-data.ts) or
 * asks again. `reads` have the route's parameters filled in; `{user}`, the person's id, is known only here,
 * and put in by `fillRead`'s rule (a plain id, as is).
 */
export function earlyDataScript(reads: string[]): string {
  return `(function () {
  var config = window.__MEDAILLE_CONFIG__;
  var session;
  try { session = JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}) || 'null'); } catch (error) { return; }
  if (!config || !session || !session.user || typeof session.access_token !== 'string') return;
  var user = session.user.id;
  if (typeof user !== 'string' || !/^[\\w-]+$/.test(user)) return;
  // Closer to its end, supabase-js renews the session before asking anything, and so does the portal then.
  if (!(session.expires_at > Date.now() / 1000 + ${SESSION_RENEWAL_MARGIN_S})) return;
  var project = config.supabaseUrl.replace(/\\/$/, '');
  var headers = { apikey: config.supabaseAnonKey, Authorization: 'Bearer ' + session.access_token };
  var asked = {};
  ${JSON.stringify(reads)}.forEach(function (read) {
    var path = read.split('{user}').join(user);
    asked[path] = fetch(project + path, { headers: headers });
    asked[path].catch(function () {});
  });
  window.__MEDAILLE_EARLY_DATA__ = { user: user, asked: asked };
  // The page will write dates in French at the hour of Paris, and a browser's first date format loads that
  // locale's and that zone's data (some 80 ms of a phone's main thread): done now, while the scripts download.
  setTimeout(function () { new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long' }).format(0); }, 0);
})();`;
}

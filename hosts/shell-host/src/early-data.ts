import { SESSION_STORAGE_KEY } from '@medaille/supabase/stored-session';

/**
 * How long a stored access token must still be good for the page's HTML to use it: closer to its end,
 * supabase-js renews it before asking anything, and so does the portal then.
 */
const TOKEN_MARGIN_S = 60;

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
  if (!(session.expires_at > Date.now() / 1000 + ${TOKEN_MARGIN_S})) return;
  var project = config.supabaseUrl.replace(/\\/$/, '');
  var headers = { apikey: config.supabaseAnonKey, Authorization: 'Bearer ' + session.access_token };
  var asked = {};
  ${JSON.stringify(reads)}.forEach(function (read) {
    var path = read.split('{user}').join(user);
    asked[path] = fetch(project + path, { headers: headers });
    asked[path].catch(function () {});
  });
  window.__MEDAILLE_EARLY_DATA__ = { user: user, asked: asked };
})();`;
}

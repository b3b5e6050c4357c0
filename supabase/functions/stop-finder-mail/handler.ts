// stop-finder-mail: stops every e-mail to a finder's address, for every conversation to come
// (finder_mail_stop). Its URL with `?token=…` is the List-Unsubscribe URL of each e-mail to a finder: any POST
// to it stops them at once, as a mail client's one-click does (RFC 8058: body `List-Unsubscribe=One-Click`, no
// key, no cookie; the body is not read). The shell's host calls it for the site's page /e-mails/{token} (the
// e-mails' visible link) with a JSON body `{token, stop}`: `stop: false` reads the address's state and changes
// nothing. The answer is JSON: `{state: 'receiving' | 'stopped'}`, or a refusal `{code, error}`. The token names
// the address without showing it.
//
// GET (and HEAD) of that URL, which a mail client may open in a browser instead of posting, changes nothing
// either: a 303 to the site's page, where a person reads it in their language, with a button. The site's page
// rather than one of the function's own: hosted Supabase serves a function's HTML as text/plain on the
// project's own *.supabase.co domain, and the site speaks the finder's six languages.
import { finderIdentity } from '../_shared/client.ts';
import { call, serviceDatabase, withinRateLimit } from '../_shared/database.ts';
import { CONVERSATION_TOKEN_PATTERN, isFinderLanguage, stopFinderMailPath } from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, json, readJsonObject } from '../_shared/http.ts';

/**
 * Tries an hour per client, as the finder's other entry points count them
 * (docs/decisions/0009-client-identity-from-gateway.md): far more than a person needs.
 */
const TRIES_PER_HOUR = 30;

export default function stopFinderMail(request: Request, env: FunctionEnv): Promise<Response> {
  if (request.method === 'GET' || request.method === 'HEAD') return Promise.resolve(toSitePage(request, env));
  if (request.method !== 'POST' && request.method !== 'OPTIONS') {
    return Promise.resolve(new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } }));
  }
  return handle('stop-finder-mail', async () => {
    const { token, stop } = await askedOf(request);
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    const db = serviceDatabase(env);
    // Counted before the token is looked at: guessing tokens costs tries like using one.
    if (!(await withinRateLimit(db, `stop-finder-mail:${client}`, TRIES_PER_HOUR * limitFactor, 3600)))
      return failure('finder_mail_rate_limited', { 'Retry-After': '3600' });
    if (!CONVERSATION_TOKEN_PATTERN.test(token)) return failure('finder_mail_link_not_found');
    const state = await call<'receiving' | 'stopped' | null>(db, 'finder_mail_stop', { p_token: token, p_stop: stop });
    return state === null ? failure('finder_mail_link_not_found') : json({ state });
  })(request);
}

/**
 * What a POST asks: the host's JSON body `{token, stop}` (a read when `stop` is false), else the URL's token
 * and a stop, as the one-click POST asks.
 */
async function askedOf(request: Request): Promise<{ token: string; stop: boolean }> {
  const query = new URL(request.url).searchParams.get('token') ?? '';
  const isJson = (request.headers.get('content-type') ?? '').startsWith('application/json');
  const body = isJson ? await readJsonObject(request) : null;
  const token = typeof body?.token === 'string' ? body.token : query;
  return { token, stop: body?.stop !== false };
}

/** The site's page of the same token, in the language the URL names (the e-mail's), else French. */
function toSitePage(request: Request, env: FunctionEnv): Response {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  if (!CONVERSATION_TOKEN_PATTERN.test(token)) return failure('finder_mail_link_not_found');
  const language = url.searchParams.get('lang');
  const path = stopFinderMailPath(token, isFinderLanguage(language) ? language : 'fr');
  const site = (env.PUBLIC_SITE_URL ?? '').replace(/\/+$/, '');
  return new Response(null, { status: 303, headers: { Location: `${site}${path}`, 'Cache-Control': 'no-store' } });
}

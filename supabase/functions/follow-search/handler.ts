// follow-search: following a loss's search without an account (docs/product/search.md, 'Suivre cette recherche').
// The search page asks it through the host, which signs the reader's address (JSON bodies):
// - {id, email, language}: a follow by e-mail, stored unconfirmed; the address gets one e-mail, the
//   confirmation, when pass_finder_mail lets it go. The answer is {status: 'confirm'} whatever became of that
//   e-mail and whether the address already followed: nobody learns who follows, or who asked for no e-mail.
// - {id, push: {endpoint, keys: {p256dh, auth}}, language}: a follow by this browser's push subscription (a
//   known push service's endpoint, as a member's device), {status: 'following'}.
// - {id, unfollow: endpoint}: that browser stops, {status: 'stopped'} whether it followed or not.
// - {id, token, action: 'read' | 'confirm' | 'stop'}: the follow of the e-mails' link, on its search's page
//   ({state: 'pending' | 'following' | 'stopped'}); 'read' changes nothing, as mail scanners open every link.
// A POST to `?search=…&token=…` that is no JSON stops that follow: RFC 8058's one-click unsubscribe of the
// follower's e-mails; a GET of it leads to the search page, which asks. Counted per client before anything
// is looked at.
import { finderIdentity } from '../_shared/client.ts';
import { call, serviceDatabase, withinRateLimit } from '../_shared/database.ts';
import { EMAIL_PATTERN, isFinderLanguage, LIMITS } from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, isUuid, json, readJsonObject } from '../_shared/http.ts';
import { searchFollowUrl } from '../_shared/links.ts';
import { sendOrQueue } from '../_shared/outbox.ts';
import { arePushKeys, isPushEndpoint } from '../_shared/push.ts';
import { confirmFollowMail } from '../_shared/search-follow.ts';

/** Follows, stops and links a client asks for in an hour: a person follows a search or two. */
const ASKED_PER_HOUR = 20;
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const ACTIONS = ['read', 'confirm', 'stop'] as const;
type Action = (typeof ACTIONS)[number];

type Followed =
  | { status: 'not_found' }
  | { status: 'following' | 'taken' }
  | { status: 'confirm'; token: string; stop_token: string | null };

export default function followSearch(request: Request, env: FunctionEnv): Promise<Response> {
  if (request.method === 'GET' || request.method === 'HEAD') return Promise.resolve(toSearchPage(request, env));
  if (request.method !== 'POST' && request.method !== 'OPTIONS') {
    return Promise.resolve(new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } }));
  }
  return handle('follow-search', async () => {
    const isJson = (request.headers.get('content-type') ?? '').startsWith('application/json');
    const query = new URL(request.url).searchParams;
    const input = isJson
      ? await readJsonObject(request)
      : { id: query.get('search'), token: query.get('token'), action: 'stop' };
    if (!input || typeof input.id !== 'string') return failure('invalid_request');
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    const db = serviceDatabase(env);
    if (!(await withinRateLimit(db, `follow-search:${client}`, ASKED_PER_HOUR * limitFactor, 3600)))
      return failure('search_follow_rate_limited', { 'Retry-After': '3600' });
    const id = input.id.toLowerCase();
    const language = isFinderLanguage(input.language) ? input.language : 'fr';

    if (input.token !== undefined) {
      const action = input.action as Action;
      if (typeof input.token !== 'string' || !TOKEN_PATTERN.test(input.token) || !isUuid(id))
        return failure('search_follow_link_not_found');
      if (!ACTIONS.includes(action)) return failure('invalid_request');
      const follow = await call<{ state: string } | null>(db, 'search_follow_by_token', {
        p_search_id: id,
        p_token: input.token,
        p_action: action,
      });
      return follow ? json({ state: follow.state }) : failure('search_follow_link_not_found');
    }

    if (input.unfollow !== undefined) {
      if (typeof input.unfollow !== 'string' || !isUuid(id)) return failure('invalid_request');
      await call(db, 'unfollow_search_push', { p_search_id: id, p_endpoint: input.unfollow });
      return json({ status: 'stopped' });
    }

    const push = input.push as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } } | undefined;
    const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : undefined;
    if (push !== undefined) {
      if (typeof push !== 'object' || push === null || !arePushKeys(push.keys?.p256dh, push.keys?.auth))
        return failure('invalid_request');
      if (!isPushEndpoint(env, push.endpoint)) return failure('push_endpoint_invalid');
    } else if (email === undefined || email.length > LIMITS.emailMaxLength || !EMAIL_PATTERN.test(email)) {
      return failure('finder_email_invalid');
    }
    if (!isUuid(id)) return failure('search_not_found');
    const followed = await call<Followed>(db, 'follow_search', {
      p_search_id: id,
      p_email: push ? null : email,
      p_endpoint: push ? push.endpoint : null,
      p_p256dh: push ? push.keys?.p256dh : null,
      p_auth: push ? push.keys?.auth : null,
      p_language: language,
    });
    if (followed.status === 'not_found') return failure('search_not_found');
    if (followed.status === 'taken') return failure('search_follow_taken');
    if (followed.status === 'confirm' && followed.stop_token && email) {
      await sendOrQueue(
        env,
        [
          confirmFollowMail(env, {
            to: email,
            searchId: id,
            token: followed.token,
            stopToken: followed.stop_token,
            language,
          }),
        ],
        { toAnyAddress: true },
      );
    }
    return json({ status: push ? 'following' : 'confirm' });
  })(request);
}

/** The search page with the follow's token, in the language the URL names (the e-mail's), else French. */
function toSearchPage(request: Request, env: FunctionEnv): Response {
  const url = new URL(request.url);
  const id = url.searchParams.get('search') ?? '';
  const token = url.searchParams.get('token') ?? '';
  if (!isUuid(id) || !TOKEN_PATTERN.test(token)) return failure('search_follow_link_not_found');
  const language = url.searchParams.get('lang');
  const page = searchFollowUrl(env, id.toLowerCase(), token, isFinderLanguage(language) ? language : 'fr');
  return new Response(null, { status: 303, headers: { Location: page, 'Cache-Control': 'no-store' } });
}

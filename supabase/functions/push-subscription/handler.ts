// push-subscription: a member turns alerts on for one device (docs/decisions/0017-finder-owner-conversation.md). POST
// {} answers the key browsers subscribe with (`public_key`, null when the project has no VAPID key: the portal then
// says notifications are unavailable). POST {endpoint, keys: {p256dh, auth}} (a PushSubscription's JSON) stores the
// device for the caller, once its endpoint is checked to be a known push service's: the functions will post alerts
// there. The database decides with the caller's own token (save_push_subscription). A member turns a device off by
// deleting its row (row level security: their own only).
import { backendError, callerCredentials, callerDatabase } from '../_shared/database.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, json, readJsonObject } from '../_shared/http.ts';
import { arePushKeys, isPushEndpoint, vapidPublicKey } from '../_shared/push.ts';

export default function pushSubscription(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('push-subscription', async () => {
    const credentials = callerCredentials(request, env);
    if (!credentials) return failure('unauthenticated');
    const input = await readJsonObject(request);
    if (!input) return failure('invalid_request');
    const { endpoint, keys } = input;
    if (endpoint === undefined) return json({ public_key: vapidPublicKey(env) });
    const { p256dh, auth } = (typeof keys === 'object' && keys !== null ? keys : {}) as Record<string, unknown>;
    if (!arePushKeys(p256dh, auth)) return failure('invalid_request');
    if (!isPushEndpoint(env, endpoint)) return failure('push_endpoint_invalid');

    const { data, error, status } = await callerDatabase(env, credentials).rpc('save_push_subscription', {
      p_endpoint: endpoint,
      p_p256dh: p256dh,
      p_auth: auth,
    });
    if (error) {
      // PostgREST's answers: no signed-in user (the anon role, a refused token), the service role (not granted).
      if (status === 401 || error.code === '42501') return failure('unauthenticated');
      if (status === 403) return failure('forbidden');
      throw backendError('save_push_subscription', status, error);
    }
    // Another member's device, whose keys these are not.
    if (data === null) return failure('forbidden');
    return json({ ok: true });
  })(request);
}

// GoTrue's endpoints the local stack does not serve (internal/api/api.go's routes): answered by name
// with a 501 rather than a 404 that reads like a wrong address. Of /admin, only DELETE /admin/users/{id} is
// served (admin.ts, registered before these).
import type { Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';
import { notSupported } from './errors.ts';

const NOT_SERVED = [
  'resend',
  'magiclink',
  'reauthenticate',
  'authorize',
  'callback',
  'invite',
  'factors',
  'passkeys',
  'sso',
  'admin',
  'oauth',
  '.well-known',
  'user/identities',
  'user/oauth',
];

export function unsupportedRoutes(app: Hono<StackEnv>) {
  for (const endpoint of NOT_SERVED) {
    const refuse = () => {
      throw notSupported(`/auth/v1/${endpoint}`);
    };
    app.all(`/${endpoint}`, refuse);
    app.all(`/${endpoint}/*`, refuse);
  }
}

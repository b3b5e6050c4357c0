// GET /settings and GET /health: what the server offers (e-mail accounts only) and that it is up.
import type { Hono } from 'hono';
import type { StackEnv } from '../http/gateway.ts';

export function settingsRoutes(app: Hono<StackEnv>) {
  app.get('/settings', (c) =>
    c.json({
      external: { anonymous_users: false, email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );
}

// The backend out of reach altogether (no answer on its address: postgrest-js gives the failed fetch as status 0):
// every function that needs it says so as a 503 with Retry-After and French words to try again, never a 500. The
// handlers are called as the local stack and the platform call them, with SUPABASE_URL on a port that refuses.
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FunctionEnv } from '../../functions/_shared/env.ts';

const FUNCTIONS = new URL('../../functions/', import.meta.url);

/** A local port nobody listens on: taken, then released. */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What each function is sent: enough to pass its own checks and reach the backend. */
const BODIES: Record<string, Record<string, unknown>> = {
  'answer-conversation': { conversation_id: '00000000-0000-4000-8000-000000000001', body: 'Merci !' },
  'answer-invitation': { token: 'a'.repeat(64) },
  conversation: {},
  'claim-found': {
    report_id: '00000000-0000-4000-8000-000000000001',
    animal_id: '00000000-0000-4000-8000-000000000002',
    words: 'C’est le mien : une tache blanche.',
  },
  'delete-account': { email: 'owner@medaille.test' },
  'delete-animal': { animal_id: '00000000-0000-4000-8000-000000000001' },
  'deliver-outbox': {},
  'follow-search': { id: '00000000-0000-4000-8000-000000000001', email: 'voisin@example.test', language: 'fr' },
  found: { id: '00000000-0000-4000-8000-000000000001' },
  get_public_profile: { code: 'MDL-DEMO-REX' },
  'health-document-link': { document_id: '00000000-0000-4000-8000-000000000001' },
  'health-reminders': {},
  'invite-member': { animal_id: '00000000-0000-4000-8000-000000000001', email: 'ami@medaille.test', role: 'viewer' },
  post_finder_message: { code: 'MDL-DEMO-REX', message: 'Je l’ai trouvé près de la gare.' },
  'push-subscription': {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  },
  'record-scan': { codeId: 'MDL-DEMO-REX', lat: 48.85, lon: 2.35, accuracy: 10, consent: true },
  'report-found': { species: 'cat', place: 'Rue Crébillon, Nantes' },
  'report-sighting': { id: '00000000-0000-4000-8000-000000000001', kind: 'seen', words: 'Vu au parc' },
  search: { id: '00000000-0000-4000-8000-000000000001' },
  // Read by GET, as link previews read a picture: its query.
  'search-card': { id: '00000000-0000-4000-8000-000000000001' },
  'stop-finder-mail': {},
  'sweep-photos': {},
};

describe('the backend unreachable', async () => {
  const port = await refusingPort();
  const secret = 'sb_secret_unreachable-backend-test-key-0123456789';
  const env = {
    SUPABASE_URL: `http://127.0.0.1:${port}`,
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: secret }),
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'sb_publishable_unreachable-backend-test' }),
    CLIENT_HASH_SECRET: 'a-client-hash-secret-of-at-least-32-characters',
  } as FunctionEnv;
  const names = (await readdir(FUNCTIONS, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name);

  it.each(names)(
    '%s answers 503 with Retry-After and "Service momentanément indisponible, réessayez."',
    async (name) => {
      const { default: handler } = (await import(pathToFileURL(`${FUNCTIONS.pathname}${name}/handler.ts`).href)) as {
        default: (request: Request, env: FunctionEnv) => Promise<Response>;
      };
      const body = BODIES[name];
      expect(body, `a body for ${name}`).toBeDefined();
      const byGet = name === 'search-card';
      const query =
        name === 'stop-finder-mail'
          ? `?token=${'a'.repeat(64)}`
          : byGet
            ? `?${new URLSearchParams(body as Record<string, string>)}`
            : '';
      const response = await handler(
        new Request(`http://functions.test/functions/v1/${name}${query}`, {
          method: byGet ? 'GET' : 'POST',
          headers: {
            authorization: `Bearer ${secret}`,
            apikey: secret,
            'content-type': 'application/json',
            'cf-connecting-ip': '192.0.2.7',
          },
          body: byGet ? null : JSON.stringify(body),
        }),
        env,
      );
      const text = await response.text();
      expect({ status: response.status, retryAfter: response.headers.get('retry-after') }).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
      });
      expect(text).toContain(
        name === 'stop-finder-mail' ? 'momentanément indisponible' : 'Service momentanément indisponible, réessayez.',
      );
      expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|fetch failed/);
    },
  );
});

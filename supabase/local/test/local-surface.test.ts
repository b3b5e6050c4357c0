// What only the local stack has: the developer's mailbox stays on this machine, only the
// server functions may write to it, and a stack reachable from elsewhere with the public secret says so.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_JWT_SECRET } from '@medaille/supabase-project';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { mailboxRoutes } from '../src/mailbox/mailbox.ts';
import { startStack } from '../src/stack.ts';
import { startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

const mail = { to: 'dev@test.medaille.fr', subject: 'Essai', text: 'Bonjour', html: '<p>Bonjour</p>' };

describe('the mailbox', () => {
  it('lets no web page read it: no CORS header, even for a page that asks', async () => {
    const response = await fetch(`${stack.url}/mailbox/api/messages`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('takes mail only from the server functions, with the service_role key', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${stack.url}/mailbox/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(mail),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: `Bearer ${stack.anonKey}` })).status).toBe(401);
    expect((await post({ authorization: `Bearer ${stack.serviceRoleKey}` })).status).toBe(201);
  });

  it('answers 403 to a request whose socket is not on this machine', async () => {
    const app = mailboxRoutes(stack.db, stack.settled, stack.serviceRoleKey);
    const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
    expect((await app.request('/api/messages', {}, from('192.0.2.7'))).status).toBe(403);
    expect((await app.request('/', {}, from('::ffff:198.51.100.1'))).status).toBe(403);
    expect((await app.request('/api/messages', {}, from('::ffff:127.0.0.1'))).status).toBe(200);
  });
});

describe('a stack that listens beyond this machine', () => {
  async function warningsOf(env: Record<string, string>) {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const dataDir = await mkdtemp(join(tmpdir(), 'medaille-surface-'));
    const beyond = await startStack(
      loadConfig({ DATABASE_URL: process.env.DATABASE_URL, ...env }, { port: 0, dataDir }),
    );
    await beyond.close();
    await rm(dataDir, { recursive: true, force: true });
    const printed = warn.mock.calls.flat().join('\n');
    warn.mockRestore();
    return printed;
  }

  it('warns loudly when it does so with the public default JWT secret, and not with a secret of its own', async () => {
    expect(await warningsOf({ STACK_HOST: '0.0.0.0', JWT_SECRET: DEFAULT_JWT_SECRET })).toContain(
      'PUBLIC default JWT secret',
    );
    expect(await warningsOf({ STACK_HOST: '0.0.0.0', JWT_SECRET: 'a-secret-of-this-deployment-only-32-chars' })).toBe(
      '',
    );
    expect(await warningsOf({ STACK_HOST: '127.0.0.1' })).toBe('');
  });
});

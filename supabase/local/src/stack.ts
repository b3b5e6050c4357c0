import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { apiKeys, DEFAULT_JWT_SECRET } from '@medaille/supabase-project';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { FINDER_IDENTITY_HEADER, verifiedFinderAddress } from '../../functions/_shared/domain/index.ts';
import { authRoutes } from './auth/routes.ts';
import type { StackConfig } from './config.ts';
import { type Database, openDatabase, prepareDatabase } from './database/index.ts';
import { type FunctionRuntime, functionRoutes, loadFunctions } from './functions/routes.ts';
import { functionsFetch, inProcessFetch, workAfterAnswers } from './functions/runtime.ts';
import { startSchedule } from './functions/schedule-timer.ts';
import { drawVapidKey, storedSecret } from './functions/secrets.ts';
import { clientAddressFromSocket, isLoopback } from './http/client-address.ts';
import { apiGateway, corsForFrontEnds, type StackEnv } from './http/gateway.ts';
import { limitedServer, SERVER_LIMITS } from './http/server-limits.ts';
import { unavailableAnswer } from './http/unavailable.ts';
import { opaqueKeyRoles, rememberingVerifiedTokens } from './jwt.ts';
import { functionKeyVariables, projectJwt } from './keys.ts';
import { mailboxRoutes } from './mailbox/mailbox.ts';
import { restRoutes } from './rest/routes.ts';
import { loadSchemaCache } from './rest/schema-cache.ts';
import { fileStore } from './storage/files.ts';
import { storageRoutes } from './storage/routes.ts';
import { storeSeedObjects } from './storage/seed-objects.ts';

const LOCAL_STACK_SQL = new URL('../sql/local-stack.sql', import.meta.url);

export interface RunningStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The new kinds of API key (not JWTs) for the same roles: sb_publishable_… (anon), sb_secret_… (service_role). */
  publishableKey: string;
  secretKey: string;
  /**
   * The functions' FINDER_IDENTITY_SECRET, which the shell's host signs finders' addresses with (`x-medaille-finder`,
   * signFinderIdentity of @medaille/domain): FUNCTION_FINDER_IDENTITY_SECRET, or a random one per start. Empty when
   * that variable is set empty: the functions then ignore the header, as hosted functions without the secret do.
   */
  finderIdentitySecret: string;
  /**
   * The functions' CLIENT_HASH_SECRET, the key of the hashes that stand for finders' addresses (clientHash):
   * FUNCTION_CLIENT_HASH_SECRET (or FUNCTION_CLIENT_HASH_SALT), or one drawn at the first start and kept in the
   * data directory (`client-hash-secret`), so that the limits hold across restarts and nothing public keys the
   * hashes.
   */
  clientHashSecret: string;
  db: Database;
  /** Milliseconds from the call to the first request it could serve. */
  startupMs: number;
  seeded: boolean;
  /** Settles once the functions' work after their answers (the e-mails' and pushes' attempts) has ended. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the database, brings it to the project's schema, and serves Supabase's HTTP APIs. */
export async function startStack(config: StackConfig): Promise<RunningStack> {
  const started = performance.now();
  let db: Database;
  if (config.databaseUrl) {
    db = await openDatabase({ url: config.databaseUrl });
  } else {
    await mkdir(config.dataDir, { recursive: true });
    db = await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
  }
  const prepared = await prepareDatabase(db);
  await db.exec(await readFile(LOCAL_STACK_SQL, 'utf8'));
  const files = fileStore(join(config.dataDir, 'storage'));
  // An upload cut short by a crash: its bytes take their place if its row committed, else they go.
  await files.recoverStaging(async (version) => {
    const found = await db.query<{ bucket: string; name: string }>(
      'select bucket_id as bucket, name from storage.objects where version = $1',
      [version],
    );
    return found.rows[0] ?? null;
  });
  await storeSeedObjects(db, files, config.seedObjects, prepared.seeded);
  const schema = await loadSchemaCache(db);

  const jwt = rememberingVerifiedTokens(await projectJwt(config));
  const keys = await apiKeys(config.jwtSecret);

  const functions = await loadFunctions(config.functionsDir);
  let functionRuntime: FunctionRuntime | undefined;

  const app = new Hono<StackEnv>();
  app.use('*', clientAddressFromSocket);
  // The mailbox is the developer's, on this machine: no CORS, so no web page can read its links.
  app.route('/mailbox', mailboxRoutes(db, workAfterAnswers, keys.secretKey, keys.serviceRoleKey));
  app.use('*', corsForFrontEnds);
  app.get('/health', (c) => c.json({ status: 'ok' }));
  // A request that only asks the database for `select 1`: the baseline `pnpm bench` compares functions to.
  app.get('/health/db', async (c) => c.json((await db.query('select 1 as ok')).rows[0]));

  const api = new Hono<StackEnv>();
  api.use('*', apiGateway(jwt, opaqueKeyRoles(keys), config));
  api.use('/rest/*', limitBody(1024 * 1024, tooLarge, 413));
  api.use('/auth/*', limitBody(1024 * 1024, tooLarge, 413));
  api.route(
    '/rest/v1',
    restRoutes(db, () => schema),
  );
  api.route('/auth/v1', authRoutes(db, jwt, config));
  api.route('/storage/v1', storageRoutes(db, files, { secret: config.jwtSecret, verify: jwt.verify }));
  api.use('/functions/*', limitBody(1024 * 1024, { msg: 'Payload too large' }, 413));
  api.route(
    '/functions/v1',
    functionRoutes(functions, () => functionRuntime as FunctionRuntime, new Set(config.publicFunctions)),
  );
  app.route('/', api);

  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  app.onError((error, c) => {
    const unavailable = unavailableAnswer(c, error, 'stack');
    if (unavailable) return unavailable;
    console.error('[stack]', c.req.method, c.req.path, error);
    return c.json({ message: 'An unexpected error occurred' }, 500);
  });

  // Timeouts and per-client caps, so that one client cannot take every connection or request; the shell's
  // host, whose requests carry a finder's address signed with the functions' secret, is no such client.
  const finderIdentitySecret = config.functionEnv.FINDER_IDENTITY_SECRET ?? randomBytes(32).toString('base64url');
  const vouchedByTheHost = async (request: IncomingMessage) => {
    const header = request.headers[FINDER_IDENTITY_HEADER];
    return typeof header === 'string' && (await verifiedFinderAddress(finderIdentitySecret, header)) !== null;
  };
  const server = serve({
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    ...limitedServer(SERVER_LIMITS, vouchedByTheHost),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host}:${port}`;
  if (config.jwtSecret === DEFAULT_JWT_SECRET && !isLoopback(config.host) && config.host !== 'localhost') {
    console.warn(`
!!! WARNING: the local stack listens on ${config.host}, beyond this machine, with the PUBLIC default JWT secret.
!!! Anyone who can reach ${url} can sign their own service_role token and read or change every row.
!!! Set JWT_SECRET to a random secret of at least 32 characters, or listen on 127.0.0.1 (STACK_HOST).
`);
  }
  const clientHashSecret =
    config.functionEnv.CLIENT_HASH_SECRET ??
    config.functionEnv.CLIENT_HASH_SALT ??
    (await storedSecret(config.dataDir, 'client-hash-secret'));
  const functionEnv = {
    ...config.functionEnv,
    FINDER_IDENTITY_SECRET: finderIdentitySecret,
    CLIENT_HASH_SECRET: clientHashSecret,
    // Web Push's key, kept like the hash's so that the devices subscribed with it keep working after a restart.
    VAPID_PRIVATE_JWK:
      config.functionEnv.VAPID_PRIVATE_JWK ?? (await storedSecret(config.dataDir, 'vapid-private-jwk', drawVapidKey)),
    SUPABASE_URL: url,
    ...functionKeyVariables(config, keys),
    LOCAL_MAILBOX_URL: config.functionEnv.LOCAL_MAILBOX_URL ?? `${url}/mailbox/api/messages`,
    // Where links in e-mails to owners lead (the shell, as for auth's e-mails), unless set for the functions.
    PUBLIC_SITE_URL: config.functionEnv.PUBLIC_SITE_URL ?? config.siteUrl,
  };
  functionRuntime = { env: functionEnv, fetch: functionsFetch(url, app) };
  // What pg_cron runs on hosted Supabase (supabase/schedules), with the project's secret key in apikey (its
  // service_role key in a legacy project).
  const runScheduled = (name: string) => () =>
    inProcessFetch(url, app)(`${url}/functions/v1/${name}`, {
      method: 'POST',
      headers: {
        apikey: config.jwtSigning === 'legacy' ? keys.serviceRoleKey : keys.secretKey,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
  const schedules = [
    ['sweep-photos', config.photoSweep],
    ['deliver-outbox', config.mailRetry],
    ['health-reminders', config.healthReminders],
  ] as const;
  const stopSchedules = schedules
    .filter(([name]) => functions.has(name))
    .map(([name, timing]) => startSchedule(name, runScheduled(name), timing));

  return {
    url,
    ...keys,
    finderIdentitySecret,
    clientHashSecret,
    db,
    startupMs: Math.round(performance.now() - started),
    seeded: prepared.seeded,
    settled: workAfterAnswers,
    async close() {
      await Promise.all(stopSchedules.map((stop) => stop()));
      await workAfterAnswers();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await db.close();
    },
  };
}

/**
 * Refuses a body over `maxSize` with the service's own error. The connection is closed after the answer:
 * the client may still be sending, and a reused connection would carry the rest into the next request.
 */
function limitBody(maxSize: number, error: object, status: 400 | 413) {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      c.header('Connection', 'close');
      return c.json(error, status);
    },
  });
}

const tooLarge = { code: 'PGRST413', message: 'Payload too large', details: null, hint: null };

export { loadConfig, type StackConfig } from './config.ts';

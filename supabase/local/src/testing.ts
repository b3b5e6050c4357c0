import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { Agent } from 'undici';
import WebSocket from 'ws';
import { loadConfig, type StackConfig } from './config.ts';
import { copySupabaseDatabase, type Database, openDatabase } from './database/index.ts';
import { type RunningStack, startStack } from './stack.ts';

/**
 * A loopback address of its own (all of 127.0.0.0/8 is this machine): a request sent from it is another
 * client for the stack's gateway, which takes the client's identity from the socket, never from a header.
 */
export function newClientAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${byte()}`;
}

/** `fetch` whose connections leave from `address`. */
export function fetchFrom(address: string): typeof fetch {
  const dispatcher = new Agent({ localAddress: address });
  // The package's Agent works with Node's fetch; only their type declarations are separate copies.
  return (input, init) => fetch(input, { ...init, dispatcher: dispatcher as never });
}

/** An e-mail address no other test uses. */
export const newEmail = (label = 'owner') => `${label}-${crypto.randomUUID()}@test.medaille.fr`;

/** The access token of a client's session, as it sends it in Authorization. */
export async function accessToken(client: SupabaseClient): Promise<string> {
  return (await client.auth.getSession()).data.session?.access_token as string;
}

/** An e-mail as the stack's mailbox holds it: its links are every href of the HTML. */
export interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** The mail's own headers (List-Unsubscribe, …), {name: value}. */
  headers: Record<string, string>;
}

export interface TestStack extends RunningStack {
  /** How the stack signs user tokens (JWT_SIGNING): the legacy project runs the same tests with the legacy keys. */
  jwtSigning: StackConfig['jwtSigning'];
  /** The key the front-ends get: the publishable key, or the anon JWT in a legacy project. */
  frontEndKey: string;
  /** The key the functions call with: the secret key, or the service_role JWT in a legacy project. */
  serverKey: string;
  /** A supabase-js client as the browser front-ends create it (frontEndKey, no stored session), from its own address. */
  client(address?: string): SupabaseClient;
  /** A client with the serverKey, as the server functions have. */
  serviceClient(): SupabaseClient;
  /** A free medal code, created as an operator would, unique to the caller. */
  newCode(): Promise<string>;
  /** Every e-mail sent to an address (with this subject, when given), newest first, as the mailbox holds them. */
  mails(to: string, subject?: string): Promise<ReceivedMail[]>;
  /** The newest e-mail sent to an address, waiting briefly for it. */
  lastMail(to: string): Promise<ReceivedMail>;
  /**
   * An account signed up and confirmed through the e-mail link, signed in on a fresh client; with a new
   * address made from `label`, or `email`.
   */
  signedInOwner(
    label?: string,
    email?: string,
  ): Promise<{ client: SupabaseClient; email: string; password: string; userId: string }>;
  /** An owner's animal activated on a new code, through the RPC the portal uses. */
  activatedAnimal(owner: SupabaseClient, animal?: Record<string, unknown>): Promise<{ code: string; animalId: string }>;
  /** What the site's /auth/confirm page's button does for an auth e-mail's link (pressEmailLink). */
  pressLink(link: string, address?: string): ReturnType<typeof pressEmailLink>;
  /** GoTrue's own GET /verify link for the token of an auth e-mail's link (GoTrue still serves it). */
  verifyLink(link: string): string;
}

/**
 * A stack on a free port, on a database of its own (newTestDatabase: on PGlite, PostgreSQL or a Supabase-shaped
 * cluster), or on `database` when given, which the caller then drops. Each test file starts its own, so files run
 * in parallel and never share state through the server.
 */
export async function startTestStack(
  overrides: Partial<StackConfig> & { database?: TestDatabaseCopy } = {},
): Promise<TestStack> {
  const { database: given, ...stackOverrides } = overrides;
  const ownDataDir = stackOverrides.dataDir ? undefined : await mkdtemp(join(tmpdir(), 'medaille-stack-'));
  const dataDir = stackOverrides.dataDir ?? (ownDataDir as string);
  const database = given ?? (await newTestDatabase(dataDir));
  const config = loadConfig(
    {
      DATABASE_URL: database.url,
      // legacy: a project on the legacy keys and HS256 tokens (the vitest projects named *-legacy-keys).
      JWT_SIGNING: process.env.JWT_SIGNING,
      EMAIL_MIN_INTERVAL: '0',
      // bcrypt's least cost, as GoTrue's own tests use (its QuickHashCost): hosted GoTrue's 10 takes some 80 ms of
      // JavaScript at each sign-up and sign-in, a sixth of the stack's time in these tests.
      PASSWORD_HASH_COST: '4',
      // config.toml's 30 auth e-mails an hour for the whole project would stop a test file after its 30th
      // e-mail; the test of that rule gives its stack its own emailSentPerHour.
      RATE_LIMIT_EMAIL_SENT: '100000',
    },
    // No photo sweep, mail retrier or reminders unless a test asks for one: a test sees what it did, not what a
    // timer did meanwhile (the files it has just aged on purpose, the e-mails its mailbox is told to fail).
    {
      port: 0,
      dataDir,
      photoSweep: { firstDelayMs: 0, intervalMs: 0 },
      mailRetry: { firstDelayMs: 0, intervalMs: 0 },
      healthReminders: { firstDelayMs: 0, intervalMs: 0 },
      ...stackOverrides,
    },
  );
  const dropOwn = async () => {
    if (!given) await database.drop();
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  };
  const stack = await startStack(config).catch(async (error) => {
    await dropOwn();
    throw error;
  });
  const legacy = config.jwtSigning === 'legacy';
  const frontEndKey = legacy ? stack.anonKey : stack.publishableKey;
  const serverKey = legacy ? stack.serviceRoleKey : stack.secretKey;
  // Node 20 has no WebSocket of its own; supabase-js's realtime client wants one even when unused.
  const options = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  };
  const client = (address = newClientAddress()) =>
    createClient(stack.url, frontEndKey, { ...options, global: { fetch: fetchFrom(address) } });

  async function mails(to: string, subject?: string) {
    const response = await fetch(`${stack.url}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
    const all = (await response.json()) as ReceivedMail[];
    return subject === undefined ? all : all.filter((mail) => mail.subject === subject);
  }

  async function lastMail(to: string) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const [mail] = await mails(to);
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no e-mail arrived for ${to}`);
  }

  async function signedInOwner(label = 'owner', email = newEmail(label)) {
    const password = 'mot-de-passe-1';
    const anon = client();
    const signUp = await anon.auth.signUp({ email, password });
    if (signUp.error) throw signUp.error;
    const [link] = (await lastMail(email)).links;
    await pressLink(link as string);
    const owner = client();
    const signIn = await owner.auth.signInWithPassword({ email, password });
    if (signIn.error) throw signIn.error;
    return { client: owner, email, password, userId: signIn.data.user.id };
  }

  /** What the site's /auth/confirm page does when its button is pressed, for an auth e-mail's link. */
  const pressLink = (link: string, address = newClientAddress()) =>
    pressEmailLink(stack.url, frontEndKey, link, address);

  /** GoTrue's own GET /verify link for the token of an auth e-mail's link (GoTrue still serves it). */
  const verifyLink = (link: string) => {
    const query = new URL(link).searchParams;
    const verify = new URLSearchParams({
      token: query.get('token_hash') ?? '',
      type: query.get('type') ?? '',
      redirect_to: query.get('next') ?? '',
    });
    return `${stack.url}/auth/v1/verify?${verify}`;
  };

  const serviceClient = () =>
    createClient(stack.url, serverKey, { ...options, global: { fetch: fetchFrom(newClientAddress()) } });

  async function newCode() {
    const code = `MDL-T${crypto.randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
    const { error } = await serviceClient().from('codes').insert({ id: code });
    if (error) throw error;
    return code;
  }

  async function activatedAnimal(owner: SupabaseClient, animal: Record<string, unknown> = {}) {
    const code = await newCode();
    const { data, error } = await owner.rpc('register_animal_with_code', {
      p_code: code,
      p_animal: { nom: 'Rex', ...animal },
    });
    if (error || !data?.success) throw new Error(`activation failed: ${error?.message ?? data?.error}`);
    return { code, animalId: data.animal_id as string };
  }

  return {
    ...stack,
    jwtSigning: config.jwtSigning,
    frontEndKey,
    serverKey,
    client,
    serviceClient,
    newCode,
    mails,
    lastMail,
    signedInOwner,
    activatedAnimal,
    pressLink,
    verifyLink,
    async close() {
      await stack.close();
      await dropOwn();
    },
  };
}

/** Follows an e-mail link to /verify without a browser: the 303 Location and its fragment parameters. */
export async function followLink(link: string, address = newClientAddress()) {
  const response = await fetchFrom(address)(link, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  const [target = '', fragment = ''] = location.split('#');
  return { status: response.status, target, params: new URLSearchParams(fragment) };
}

/**
 * An auth e-mail's link (the site's /auth/confirm, which changes nothing when opened) and what its button
 * does: POST /verify with the link's token hash and type. Answers the HTTP status, the session or GoTrue's
 * error code, and `next`, where the page then goes.
 */
export async function pressEmailLink(stackUrl: string, apiKey: string, link: string, address = newClientAddress()) {
  const query = new URL(link).searchParams;
  const response = await fetchFrom(address)(`${stackUrl}/auth/v1/verify`, {
    method: 'POST',
    headers: { apikey: apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ token_hash: query.get('token_hash'), type: query.get('type') }),
  });
  const body = (await response.json()) as { access_token?: string; refresh_token?: string; error_code?: string };
  return {
    status: response.status,
    next: query.get('next') ?? '',
    type: query.get('type') ?? '',
    session: response.ok ? { access_token: body.access_token ?? '', refresh_token: body.refresh_token ?? '' } : null,
    errorCode: response.ok ? null : (body.error_code ?? null),
  };
}

/** Where test databases come from: a Supabase-shaped cluster, a plain PostgreSQL, or PGlite in a folder. */
export type TestDatabaseSource =
  | { kind: 'supabase'; clusterUrl: string }
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite' };

/** TEST_SUPABASE_CLUSTER_URL (the `supabase` test projects), else DATABASE_URL, else PGlite. */
export function testDatabaseSource(): TestDatabaseSource {
  const { TEST_SUPABASE_CLUSTER_URL: clusterUrl, DATABASE_URL: url } = process.env;
  if (clusterUrl) return { kind: 'supabase', clusterUrl };
  return url ? { kind: 'postgres', url } : { kind: 'pglite' };
}

/** A database of one test file or one test stack, nobody else's. */
export interface TestDatabaseCopy {
  /** Its URL on PostgreSQL; undefined on PGlite, where it is the `pglite` folder of the data directory. */
  url: string | undefined;
  open(options?: { poolSize?: number }): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * A database of its own, already as a first start of the stack leaves it (Supabase's base objects, the
 * migrations, the seed and its files' rows, the stack's mailbox): a copy of a template that one stack start
 * prepared, `create database … template …` on PostgreSQL, a copy of the data folder on PGlite. Preparing takes
 * seconds (PGlite's initdb alone is most of a file's start); copying, a fraction of one, and with a database each,
 * test files run in parallel without seeing each other's rows, sweeps or mail retries. A template is named
 * after a hash of everything that shapes it (migrations, seed, the stack's SQL and code), so a change makes a new
 * one; the first file to need it builds it, and two that build at once keep the first one finished.
 */
export async function newTestDatabase(
  dataDir: string,
  source: TestDatabaseSource = testDatabaseSource(),
): Promise<TestDatabaseCopy> {
  const template = await templateOf(source);
  if (source.kind === 'pglite') {
    const folder = join(dataDir, 'pglite');
    await cp(template, folder, { recursive: true });
    return {
      url: undefined,
      open: () => openDatabase({ dataDir: folder }),
      drop: () => rm(folder, { recursive: true, force: true }),
    };
  }
  const copy =
    source.kind === 'supabase'
      ? await copySupabaseDatabase(source.clusterUrl, { template })
      : await copyPostgresDatabase(source.url, template);
  return { ...copy, open: (options = {}) => openDatabase({ url: copy.url, ...options }) };
}

/**
 * Builds the templates of these sources ahead, from vitest's globalSetup: built in a test file's hook instead, a
 * template (a minute on a busy 2-core machine) could take longer than the hook may.
 */
export async function prepareTestTemplates(sources: TestDatabaseSource[]): Promise<void> {
  for (const source of sources) await templateOf(source);
}

/** The template of a source: a folder on PGlite, a database's name on PostgreSQL. */
function templateOf(source: TestDatabaseSource): Promise<string> {
  if (source.kind === 'pglite') return pgliteTemplate();
  return source.kind === 'supabase' ? supabaseTemplate(source.clusterUrl) : postgresTemplate(source.url);
}

const SUPABASE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const TEMPLATE_INPUTS = [
  'migrations',
  'seed.sql',
  'seed-photos',
  'config.toml',
  'project/src',
  'local/sql',
  'local/src',
];

/** A hash of what a template is made of, and of the PGlite release (its data folders differ between releases). */
const templateKey = memo(async () => {
  const hash = createHash('sha256').update(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (const input of TEMPLATE_INPUTS) {
    const path = join(SUPABASE_DIR, input);
    const files = (await stat(path)).isFile()
      ? [path]
      : (await readdir(path, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name));
    for (const file of files.sort()) hash.update(file.slice(SUPABASE_DIR.length)).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 12);
});

/** What a first start does to a database, on a data folder of its own. */
async function prepareTemplate(dataDir: string, databaseUrl: string | undefined) {
  const off = { firstDelayMs: 0, intervalMs: 0 };
  const stack = await startStack(
    loadConfig(
      { DATABASE_URL: databaseUrl },
      { port: 0, dataDir, photoSweep: off, mailRetry: off, healthReminders: off },
    ),
  );
  await stack.close();
}

const PGLITE_TEMPLATE_PREFIX = 'medaille-pglite-template-';

/** The PGlite template: a data folder in the temporary directory, shared by every run of the same inputs. */
async function pgliteTemplate(): Promise<string> {
  const template = join(tmpdir(), PGLITE_TEMPLATE_PREFIX + (await templateKey()));
  const now = new Date();
  // Its time says when it was last used: templates nobody used for a day are removed below.
  if (
    await utimes(template, now, now).then(
      () => true,
      () => false,
    )
  )
    return template;
  const building = await mkdtemp(join(tmpdir(), 'medaille-pglite-building-'));
  try {
    await prepareTemplate(building, undefined);
    await rename(join(building, 'pglite'), template).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  for (const name of await readdir(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(PGLITE_TEMPLATE_PREFIX) || path === template) continue;
    const unused = Date.now() - (await stat(path)).mtimeMs > 24 * 3600_000;
    if (unused) await rm(path, { recursive: true, force: true });
  }
  return template;
}

/**
 * The template beside DATABASE_URL's database, named after it (`<database>_tpl_<hash>`): the copies are
 * `<database>_<random>`, so that CI drops all of them with its database.
 */
async function postgresTemplate(url: string): Promise<string> {
  const base = databaseName(url).slice(0, 40);
  const template = `${base}_tpl_${await templateKey()}`;
  if (await databaseExists(url, template)) return template;
  const building = `${base}_build_${randomBytes(4).toString('hex')}`;
  await whileInUse(() => runAs(url, `create database ${building}`));
  try {
    const target = new URL(url);
    target.pathname = `/${building}`;
    await buildTemplate(target.toString(), async () => {
      await whileInUse(() => runAs(url, `alter database ${building} rename to ${template}`));
    });
  } finally {
    await runAs(url, `drop database if exists ${building} with (force)`);
  }
  await dropOlderTemplates(url, `${base}_tpl_`, template);
  return template;
}

/** A copy of `template` on DATABASE_URL's server, dropped with whatever is still connected to it. */
async function copyPostgresDatabase(url: string, template: string) {
  const name = `${databaseName(url).slice(0, 40)}_${randomBytes(6).toString('hex')}`;
  await whileInUse(() => runAs(url, `create database ${name} template ${template}`));
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return {
    url: copy.toString(),
    drop: async () => {
      await runAs(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The template on a Supabase-shaped cluster: a copy of its `postgres` database, as a new project's, prepared. */
async function supabaseTemplate(clusterUrl: string): Promise<string> {
  const template = `medaille_tpl_${await templateKey()}`;
  const admin = new URL(clusterUrl);
  admin.username = 'supabase_admin';
  admin.pathname = '/template1';
  if (await databaseExists(admin.toString(), template)) return template;
  const building = await copySupabaseDatabase(clusterUrl);
  try {
    await buildTemplate(building.url, async () => {
      const name = databaseName(building.url);
      await whileInUse(() => runAs(admin.toString(), `alter database ${name} rename to ${template}`));
    });
  } finally {
    await building.drop();
  }
  await dropOlderTemplates(admin.toString(), 'medaille_tpl_', template);
  return template;
}

/** Drops the templates of earlier code (another hash) once a new one is made; one still in use stays. */
async function dropOlderTemplates(adminUrl: string, prefix: string, current: string) {
  const found = await runAs(
    adminUrl,
    `select datname from pg_database where starts_with(datname, '${prefix}') and datname <> '${current}'`,
  );
  for (const { datname } of found?.rows ?? []) {
    await runAs(adminUrl, `drop database if exists ${datname}`).catch(() => undefined);
  }
}

/** Prepares the database at `url` and renames it to the template; another builder's template, finished first, wins. */
async function buildTemplate(url: string, renameToTemplate: () => Promise<void>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'medaille-template-'));
  try {
    await prepareTemplate(dataDir, url);
    await renameToTemplate().catch((error: { code?: string }) => {
      if (error.code !== DUPLICATE_DATABASE) throw error;
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const DUPLICATE_DATABASE = '42P04';
/** PostgreSQL's answer while a session is still connected to a database being copied or renamed. */
const DATABASE_IN_USE = '55006';

/** Repeats `action` while the database it needs is in use: the sessions of a stack just closed take a moment to end. */
async function whileInUse(action: () => Promise<unknown>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await action();
    } catch (error) {
      if ((error as { code?: string }).code !== DATABASE_IN_USE || Date.now() > deadline) throw error;
      await sleep(Math.min(50 * attempt, 500));
    }
  }
}

async function runAs(url: string, ...statements: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let result: pg.QueryResult | undefined;
    for (const statement of statements) result = await client.query(statement);
    return result;
  } finally {
    await client.end();
  }
}

async function databaseExists(url: string, name: string) {
  return (await runAs(url, `select 1 from pg_database where datname = '${name}'`))?.rowCount === 1;
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

function memo<T>(compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= compute();
    return value;
  };
}

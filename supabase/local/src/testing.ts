import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Agent } from 'undici';
import WebSocket from 'ws';
import { loadConfig, type StackConfig } from './config.ts';
import { copySupabaseDatabase } from './database/index.ts';
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

/** An e-mail as the stack's mailbox holds it: its links are every href of the HTML. */
export interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
  links: string[];
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
  /** An account signed up and confirmed through the e-mail link, signed in on a fresh client. */
  signedInOwner(label?: string): Promise<{ client: SupabaseClient; email: string; password: string; userId: string }>;
}

/**
 * A stack on a free port: PGlite in a temporary folder, or the PostgreSQL of DATABASE_URL, or a copy of the
 * Supabase-shaped database of TEST_SUPABASE_CLUSTER_URL.
 * Each test file starts its own, so files run in parallel and never share state through the server.
 */
export async function startTestStack(overrides: Partial<StackConfig> = {}): Promise<TestStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'medaille-stack-'));
  // The `supabase` test project: each stack on a copy of its own of a Supabase-shaped database.
  const clusterUrl = process.env.TEST_SUPABASE_CLUSTER_URL;
  const copy = clusterUrl ? await copySupabaseDatabase(clusterUrl) : undefined;
  const config = loadConfig(
    {
      DATABASE_URL: copy?.url ?? process.env.DATABASE_URL,
      // legacy: a project on the legacy keys and HS256 tokens (the vitest projects named *-legacy-keys).
      JWT_SIGNING: process.env.JWT_SIGNING,
      EMAIL_MIN_INTERVAL: '0',
      // config.toml's 30 auth e-mails an hour for the whole project would stop a test file after its 30th
      // e-mail; the test of that rule gives its stack its own emailSentPerHour.
      RATE_LIMIT_EMAIL_SENT: '100000',
    },
    // No photo sweep unless a test asks for one: on a PostgreSQL that test files share, one file's sweep
    // would remove the files another file has just aged on purpose. No mail retrier either: it would send
    // another file's e-mails while that file's mailbox is told to fail.
    {
      port: 0,
      dataDir,
      photoSweep: { firstDelayMs: 0, intervalMs: 0 },
      mailRetry: { firstDelayMs: 0, intervalMs: 0 },
      ...overrides,
    },
  );
  const stack = await startStack(config).catch(async (error) => {
    await copy?.drop();
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

  async function signedInOwner(label = 'owner') {
    const email = `${label}-${crypto.randomUUID()}@test.medaille.fr`;
    const password = 'mot-de-passe-1';
    const anon = client();
    const signUp = await anon.auth.signUp({ email, password });
    if (signUp.error) throw signUp.error;
    const [link] = (await lastMail(email)).links;
    await followLink(link as string);
    const owner = client();
    const signIn = await owner.auth.signInWithPassword({ email, password });
    if (signIn.error) throw signIn.error;
    return { client: owner, email, password, userId: signIn.data.user.id };
  }

  const serviceClient = () =>
    createClient(stack.url, serverKey, { ...options, global: { fetch: fetchFrom(newClientAddress()) } });

  async function newCode() {
    const code = `MDL-T${crypto.randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
    const { error } = await serviceClient().from('codes').insert({ id: code });
    if (error) throw error;
    return code;
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
    async close() {
      await stack.close();
      await copy?.drop();
      await rm(dataDir, { recursive: true, force: true });
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

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LaunchOptions, launchProduct, type RunningProduct } from '@medaille/launcher';
import pg from 'pg';

/** An e-mail as the stack's mailbox holds it: its links are every href of the HTML. */
export interface Mail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export interface TestProduct extends RunningProduct {
  /** Every e-mail sent to an address, newest first, as the mailbox holds them now. */
  mails(to: string): Promise<Mail[]>;
  /** The newest e-mail sent to an address, waited for up to 5 s. */
  lastMail(to: string): Promise<Mail>;
}

/** Every e-mail the stack's mailbox holds for an address, newest first. */
async function mailsIn(stackUrl: string, to: string): Promise<Mail[]> {
  const response = await fetch(`${stackUrl}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as Mail[];
}

/** The newest e-mail the stack's mailbox holds for an address, waited for up to 5 s. */
export async function lastMailIn(stackUrl: string, to: string): Promise<Mail> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const [mail] = await mailsIn(stackUrl, to);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail arrived for ${to}`);
}

/** The one-time code an auth e-mail asks to type ('saisissez ce code : …'). */
export const codeIn = (mail: { text: string }) => /saisissez ce code : (\d+)/.exec(mail.text)?.[1] as string;

const JOURNEY_RENDER_BUDGET_MS = 20_000;

/**
 * A database of the product's own on the PostgreSQL of `url`, as PGlite gets a folder of its own: products
 * running side by side (one per worker) must not share one, where one stack's mail retrier or photo sweep
 * would act on the other's rows.
 */
async function ownDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `medaille_e2e_${crypto.randomUUID().replaceAll('-', '')}`;
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.href, drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/**
 * The whole product: the production builds, each on its own free port, and a fresh local stack (PGlite in
 * a temporary folder, demo data seeded; a new database on the PostgreSQL of DATABASE_URL if set).
 */
export async function startProduct(
  options: Omit<LaunchOptions, 'ports' | 'env'> = {},
  /** More of the stack's variables, such as JWT_SIGNING=legacy for a project on the legacy keys. */
  stackEnv: Record<string, string> = {},
): Promise<TestProduct> {
  const dataDir = await mkdtemp(join(tmpdir(), 'medaille-e2e-'));
  const database = process.env.DATABASE_URL ? await ownDatabase(process.env.DATABASE_URL) : null;
  const product = await launchProduct({
    // Journeys check what a finder sees on the server-rendered page; on a loaded test machine the first
    // renders can pass the host's 800 ms budget, and the page would then be today's client-rendered one
    // at random. The budget itself is the host's tests' and the fallback journey's to check.
    renderBudgetMs: JOURNEY_RENDER_BUDGET_MS,
    ...options,
    ports: { shell: 0, scan: 0, portal: 0, stack: 0 },
    // bcrypt's least cost for passwords, as GoTrue's own tests use: hosted GoTrue's 10 is some 80 ms of the
    // worker's JavaScript at each sign-up and sign-in.
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      EMAIL_MIN_INTERVAL: '0',
      PASSWORD_HASH_COST: '4',
      ...stackEnv,
    },
  });
  return {
    ...product,
    mails: (to) => mailsIn(product.stack.url, to),
    lastMail: (to) => lastMailIn(product.stack.url, to),
    async close() {
      await product.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

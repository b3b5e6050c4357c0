// Every path a person waits on reads its tables through an index, never row by row (docs/budgets.md, the scale
// budgets): a new query without its index fails here, not in production at the size of a national service. Each
// path's SQL (@medaille/local-stack/waiting-paths, which the scale bench times) runs as its caller with
// sequential scans priced out, and auto_explain hands back the plan of every statement it ran, those inside the
// functions and the policies too. A sequential scan that remains on a table that grows with the service is one
// no index can replace. On PostgreSQL only (auto_explain is a module of its own; PGlite has none).
import { callerSettings, type PathRows, WAITING_PATHS, type WaitingPath } from '@medaille/local-stack/waiting-paths';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

/** The tables that grow with the service: a sequential scan on any of them is a query that will not last. */
const GROWING = [
  'animals',
  'animal_members',
  'animal_photos',
  'animal_activity',
  'codes',
  'scan_events',
  'profile_views',
  'finder_messages',
  'conversations',
  'conversation_replies',
  'searches',
  'sightings',
  'search_followers',
  'thefts',
  'found_reports',
  'found_matches',
  'found_report_photos',
  'health_records',
  'health_documents',
  'push_subscriptions',
  'mail_outbox',
  'rate_limit_hits',
];

let t: TestDatabase;
let client: pg.Client;
let owner: Owner;
const rows = {} as PathRows;

beforeAll(async () => {
  t = await openTestDatabase();
  if (!t.url) throw new Error('query plans are read on PostgreSQL: set DATABASE_URL');
  client = new pg.Client({ connectionString: t.url });
  await client.connect();
  await client.query(`load 'auto_explain'`);
  for (const setting of [
    'auto_explain.log_min_duration = 0',
    'auto_explain.log_nested_statements = on',
    'auto_explain.log_level = notice',
    'client_min_messages = notice',
  ]) {
    await client.query(`set ${setting}`);
  }

  owner = await t.createOwner('plans');
  const { code, animalId } = await t.activateAnimal(owner, { nom: 'Plan', espece: 'cat' });
  await t.db.query('update public.animals set is_lost = true where id = $1', [animalId]);
  const { rows: searches } = await t.db.query<{ id: string }>(
    `update public.searches set area_lat = 47.2184, area_lon = -1.5536, area_radius_m = 500
     where animal_id = $1 returning id`,
    [animalId],
  );
  const { rows: messages } = await t.db.query<{ value: { conversation_token: string } }>(
    `select public.record_finder_message($1, 'Je l''ai trouvé', null, null, 'client-plans', 'fr',
       'trouveur@example.org') as value`,
    [code],
  );
  const { rows: reports } = await t.db.query<{ value: { id: string } }>(
    `select public.record_found_report('cat', now(), 'Rue Crébillon', 47.2131, -1.5604, null, null, 'fr',
       'hash-plans', 'client-plans') as value`,
  );
  Object.assign(rows, {
    ownerId: owner.id,
    code,
    animalId,
    searchId: searches[0]?.id,
    conversationToken: messages[0]?.value.conversation_token,
    reportId: reports[0]?.value.id,
    run: 1,
  });
});

afterAll(async () => {
  await client?.end();
  await t?.close();
});

/** The plans of every statement the path runs, as its caller, with sequential scans priced out; rolled back. */
async function plansOf(path: WaitingPath): Promise<string[]> {
  const plans: string[] = [];
  const listen = (notice: { message?: string }) => {
    if (notice.message?.includes('plan:')) plans.push(notice.message);
  };
  client.on('notice', listen);
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const caller = callerSettings(path, owner.id);
    await client.query(caller.sql, caller.params);
    await client.query(path.sql, path.params(rows));
  } finally {
    await client.query('rollback');
    client.off('notice', listen);
  }
  return plans;
}

/** The growing tables a plan reads row by row. */
const sequentialScans = (plans: string[]) =>
  plans.flatMap((plan) =>
    [...plan.matchAll(/Seq Scan on (?:public\.)?(\w+)/g)]
      .map((match) => match[1] as string)
      .filter((table) => GROWING.includes(table))
      .map((table) => `${table} in: ${plan.split('\n').find((line) => line.startsWith('Query Text')) ?? plan}`),
  );

describe('every path a person waits on reads its tables through an index', () => {
  for (const path of WAITING_PATHS) {
    it(path.name, async () => {
      const plans = await plansOf(path);
      expect(plans.length, 'auto_explain gave no plan').toBeGreaterThan(0);
      expect(sequentialScans(plans)).toEqual([]);
    });
  }
});

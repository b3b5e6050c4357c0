// Every path a person waits on reads its tables through an index, never row by row (docs/budgets.md, the scale
// budgets): a new query without its index fails here, not in production at the size of a national service. Each
// path's SQL runs as its caller (the functions' service role, or the owner through row level security) with
// sequential scans priced out, and auto_explain hands back the plan of every statement it ran, those inside the
// functions and the policies too. A sequential scan that remains on a table that grows with the service is one
// no index can replace. On PostgreSQL only (auto_explain is a module of its own; PGlite has none).
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
const f = {} as { code: string; animalId: string; searchId: string; token: string; reportId: string };

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
  Object.assign(f, {
    code,
    animalId,
    searchId: searches[0]?.id,
    token: messages[0]?.value.conversation_token,
    reportId: reports[0]?.value.id,
  });
});

afterAll(async () => {
  await client?.end();
  await t?.close();
});

/**
 * The plans of every statement `sql` runs, as `caller` (the service role, or the owner with their claims), with
 * sequential scans priced out; rolled back.
 */
async function plansOf(caller: 'service' | 'owner', sql: string, params: unknown[] = []): Promise<string[]> {
  const plans: string[] = [];
  const listen = (notice: { message?: string }) => {
    if (notice.message?.includes('plan:')) plans.push(notice.message);
  };
  client.on('notice', listen);
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const claims =
      caller === 'service' ? { role: 'service_role' } : { role: 'authenticated', sub: owner.id, email: owner.email };
    await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      claims.role,
      JSON.stringify(claims),
    ]);
    await client.query(sql, params);
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
  const paths: [name: string, caller: 'service' | 'owner', sql: () => [string, unknown[]]][] = [
    [
      'the scan page’s profile',
      'service',
      () => ['select public.public_profile_for_client($1, $2, 30, 120)', [f.code, 'client-a']],
    ],
    [
      'the scan event and a shared position',
      'service',
      () => [`select public.record_scan($1, $2, 47.2, -1.55, 10, 'Mozilla', 'client-b')`, [f.code, f.animalId]],
    ],
    [
      'a finder’s message',
      'service',
      () => [`select public.record_finder_message($1, 'Vu au parc', null, null, 'client-c', 'en')`, [f.code]],
    ],
    ['the conversation page', 'service', () => ['select public.finder_conversation($1)', [f.token]]],
    [
      'a message in the conversation',
      'service',
      () => [`select public.record_conversation_message($1, 'Encore')`, [f.token]],
    ],
    ['the search page', 'service', () => ['select public.public_search($1)', [f.searchId]]],
    [
      'a sighting',
      'service',
      () => [`select public.record_sighting($1, 'seen', 'Quai', now(), 'Vu', 47.2, -1.55, 'client-d')`, [f.searchId]],
    ],
    [
      'a found animal’s page with the losses nearby',
      'service',
      () => ['select public.public_found_report($1)', [f.reportId]],
    ],
    [
      'a found report stored with its matches',
      'service',
      () => [
        `select public.record_found_report('cat', now(), 'Quai', 47.214, -1.556, null, null, 'fr', 'hash-x', 'client-e')`,
        [],
      ],
    ],
    [
      '‘Mes animaux’',
      'owner',
      () => [
        `select a.id, a.nom, a.is_lost,
           (select json_agg(c) from public.codes c where c.animal_id = a.id) as codes,
           (select json_agg(p) from public.animal_photos p where p.animal_id = a.id) as photos
         from public.animals a order by a.date_creation desc`,
        [],
      ],
    ],
    ['its memberships', 'owner', () => ['select * from public.animal_members where user_id = $1', [owner.id]]],
    ['an animal’s edit page', 'owner', () => ['select * from public.animals where id = $1', [f.animalId]]],
    [
      'its loss panel',
      'owner',
      () => ['select * from public.searches where animal_id = $1 and found_at is null', [f.animalId]],
    ],
    ['the animals found near its loss', 'owner', () => ['select public.found_reports_near_search($1)', [f.searchId]]],
    [
      'the inbox',
      'owner',
      () => [
        'select * from public.finder_messages where animal_id = $1 order by created_at desc limit 20',
        [f.animalId],
      ],
    ],
    [
      'its conversations',
      'owner',
      () => [
        `select c.id, (select json_agg(r) from public.conversation_replies r where r.conversation_id = c.id)
         from public.conversations c where c.animal_id = $1 order by c.last_message_at desc`,
        [f.animalId],
      ],
    ],
    [
      'the scan history',
      'owner',
      () => [
        'select id, lat, lon, accuracy_m, created_at from public.scan_events where animal_id = $1 order by created_at desc limit 20',
        [f.animalId],
      ],
    ],
    [
      'the health booklet',
      'owner',
      () => ['select * from public.health_records where animal_id = $1 order by given_on desc', [f.animalId]],
    ],
  ];

  for (const [name, caller, sql] of paths) {
    it(name, async () => {
      const [text, params] = sql();
      const plans = await plansOf(caller, text, params);
      expect(plans.length, 'auto_explain gave no plan').toBeGreaterThan(0);
      expect(sequentialScans(plans)).toEqual([]);
    });
  }
});

/**
 * The SQL of every path a person waits on (docs/budgets.md, the scale budgets), as the functions and the portal
 * run it: the statement each one sends, its caller (the functions' service role, or the owner through row level
 * security) and its parameters from the rows it reads. Said once, for the test that proves each reads its tables
 * through an index (supabase/tests/deploy/query-plans.test.ts) and for the bench that times each on a database
 * the size of a national service (e2e/bench/scale.ts). A path that writes is run in a transaction rolled back.
 */

/** The rows a path reads: a claimed medal and its animal (lost, with its search), a conversation, a found report. */
export interface PathRows {
  ownerId: string;
  code: string;
  animalId: string;
  searchId: string;
  conversationToken: string;
  reportId: string;
  /** A number of the run's own, for what a write must make unique (a client, a token's hash). */
  run: number;
}

export interface WaitingPath {
  name: string;
  caller: 'service' | 'owner';
  sql: string;
  params: (rows: PathRows) => unknown[];
  /**
   * What it reads and writes grows with the neighbours of a point, up to its limit: the scale bench times it in
   * the quarter (QUARTER), whose neighbours both its databases hold alike.
   */
  nearby?: true;
}

/**
 * A quarter of Nantes, some 2 km across, whose open searches and found reports (those of its place) the scale
 * bench seeds the same at every size (e2e/bench/national.ts), more than the paths near a point read: those paths
 * are timed on them, so that their ratio tells what the tables' size costs them, not how many neighbours a
 * demo-size France has (almost none).
 */
export const QUARTER = { lat: 47.214, lon: -1.556, place: 'Quai de la Fosse, Nantes' } as const;

export const WAITING_PATHS: readonly WaitingPath[] = [
  {
    name: 'the scan page’s profile',
    caller: 'service',
    sql: 'select public.public_profile_for_client($1, $2, 30, 120)',
    params: (r) => [r.code, `client-profile-${r.run}`],
  },
  {
    name: 'the scan event and a shared position',
    caller: 'service',
    sql: `select public.record_scan($1, $2, 47.2, -1.55, 10, 'Mozilla', $3)`,
    params: (r) => [r.code, r.animalId, `client-scan-${r.run}`],
  },
  {
    name: 'a finder’s message',
    caller: 'service',
    sql: `select public.record_finder_message($1, 'Vu au parc', null, null, $2, 'en')`,
    params: (r) => [r.code, `client-message-${r.run}`],
  },
  {
    name: 'the conversation page',
    caller: 'service',
    sql: 'select public.finder_conversation($1)',
    params: (r) => [r.conversationToken],
  },
  {
    name: 'a message in the conversation',
    caller: 'service',
    sql: `select public.record_conversation_message($1, 'Encore')`,
    params: (r) => [r.conversationToken],
  },
  {
    name: 'the search page',
    caller: 'service',
    sql: 'select public.public_search($1)',
    params: (r) => [r.searchId],
  },
  {
    name: 'a sighting',
    caller: 'service',
    sql: `select public.record_sighting($1, 'seen', 'Quai', now(), 'Vu', 47.2, -1.55, $2)`,
    params: (r) => [r.searchId, `client-sighting-${r.run}`],
  },
  {
    name: 'a found animal’s page with the losses nearby',
    caller: 'service',
    sql: 'select public.public_found_report($1)',
    params: (r) => [r.reportId],
    nearby: true,
  },
  {
    name: 'a found report stored with its matches',
    caller: 'service',
    sql: `select public.record_found_report('cat', now(), 'Quai', ${QUARTER.lat}, ${QUARTER.lon}, null, null, 'fr', $1, $2)`,
    params: (r) => [`hash-path-${r.run}`, `client-found-${r.run}`],
    nearby: true,
  },
  {
    name: '‘Mes animaux’',
    caller: 'owner',
    sql: `select a.id, a.nom, a.is_lost,
            (select json_agg(c) from public.codes c where c.animal_id = a.id) as codes,
            (select json_agg(p) from public.animal_photos p where p.animal_id = a.id) as photos
          from public.animals a order by a.date_creation desc`,
    params: () => [],
  },
  {
    name: 'its memberships',
    caller: 'owner',
    sql: 'select * from public.animal_members where user_id = $1',
    params: (r) => [r.ownerId],
  },
  {
    name: 'an animal’s edit page',
    caller: 'owner',
    sql: 'select * from public.animals where id = $1',
    params: (r) => [r.animalId],
  },
  {
    name: 'its loss panel',
    caller: 'owner',
    sql: 'select * from public.searches where animal_id = $1 and found_at is null',
    params: (r) => [r.animalId],
  },
  {
    name: 'the animals found near its loss',
    caller: 'owner',
    sql: 'select public.found_reports_near_search($1)',
    params: (r) => [r.searchId],
    nearby: true,
  },
  {
    name: 'the inbox',
    caller: 'owner',
    sql: 'select * from public.finder_messages where animal_id = $1 order by created_at desc limit 20',
    params: (r) => [r.animalId],
  },
  {
    name: 'its conversations',
    caller: 'owner',
    sql: `select c.id, (select json_agg(r) from public.conversation_replies r where r.conversation_id = c.id)
          from public.conversations c where c.animal_id = $1 order by c.last_message_at desc`,
    params: (r) => [r.animalId],
  },
  {
    name: 'the scan history',
    caller: 'owner',
    sql: `select id, lat, lon, accuracy_m, created_at from public.scan_events where animal_id = $1
          order by created_at desc limit 20`,
    params: (r) => [r.animalId],
  },
  {
    name: 'the health booklet',
    caller: 'owner',
    sql: 'select * from public.health_records where animal_id = $1 order by given_on desc',
    params: (r) => [r.animalId],
  },
];

/** What a transaction runs first to act as the path's caller (as PostgREST and the functions' client do). */
export function callerSettings(path: WaitingPath, ownerId: string): { sql: string; params: unknown[] } {
  const claims = path.caller === 'service' ? { role: 'service_role' } : { role: 'authenticated', sub: ownerId };
  return {
    sql: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
    params: [claims.role, JSON.stringify(claims)],
  };
}

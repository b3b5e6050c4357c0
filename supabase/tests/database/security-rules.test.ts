// Rules that must hold for every object of the schema, so that a new table or function cannot
// quietly open a door: checked against the catalog rather than object by object.
import { isSupabaseDatabase } from '@medaille/local-stack/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t?.close());

/**
 * The columns a signed-in owner (role authenticated) may read, table by table; row level security then picks the
 * rows. Where and when a finder shared a position or opened the page, and what they chose to write, not who they
 * are: no client_hash, no user_agent (they would give finders away), as in the owner's data export. Storage's tables are
 * read by Storage as the caller.
 */
const OWNER_READABLE: Record<string, string> = {
  'public.animals': `id proprietaire_id nom espece race sexe couleur annee_naissance poids_kg sterilise puce_ou_tatouage
    caractere allergies medications informations_veterinaires informations_importantes email_proprietaire
    telephone_proprietaire photo_url cover_photo_id is_lost lost_since lost_checklist last_known_lat last_known_lon
    last_known_accuracy_m last_known_at public_phone public_email public_address_line public_city show_public_phone
    show_public_email show_public_address date_creation date_modification second_contact_name second_contact_phone
    second_contact_email show_second_contact_phone show_second_contact_email`,
  'public.animal_photos': 'id animal_id path position width height created_at',
  // The household: its members' rows, and the owner's pending invitations without their token's hash.
  'public.animal_members': 'animal_id user_id role access_until alert_email created_at reminders_email',
  'public.animal_invitations': 'id animal_id email role access_until created_at expires_at',
  'public.animal_activity': 'id animal_id actor_id kind subject_id created_at',
  'public.codes':
    'id animal_id used batch created_at suspended_at suspended_by suspended_reason owner_told_of_suspension_at',
  'public.finder_messages':
    'id animal_id code_id message contact photo_path created_at read_at conversation_id finder_status status_place seen_lat seen_lon seen_accuracy_m',
  // A conversation with a finder: never their link nor their address.
  'public.conversations': 'id animal_id code_id language created_at last_message_at blocked_at',
  'public.conversation_replies': 'id conversation_id author_id body created_at kind mail_due',
  // How a loss ended, without anything of the finder; a member's own devices, without their keys.
  'public.reunions': 'id animal_id lost_since found_at channel',
  'public.push_subscriptions': 'id endpoint created_at',
  'public.scan_events': 'id animal_id code_id lat lon accuracy_m created_at',
  'public.profile_views': 'id animal_id code_id created_at',
  // A loss's search page: the household's words for it (what the public reads is public_search's).
  'public.searches': `id animal_id started_at found_at description last_seen_at last_seen_place area_lat area_lon
    area_radius_m hide_name thanks species`,
  // What passers-by said on it: never who they were.
  'public.sightings':
    'id search_id animal_id kind seen_at place words lat lon created_at hidden_at conversation_id photo_path reported_at',
  // A theft as the household declared it: nothing of whoever scanned the medal since.
  'public.thefts': 'id animal_id stolen_at place complaint_reference declared_at found_at search_id',
  // The health booklet: its records and its documents' rows (their files are read through signed URLs).
  'public.health_records':
    'id animal_id kind label given_on next_due_on weight_kg notes created_by created_at updated_at shown_to_finder',
  'public.health_documents': 'id animal_id path title kind content_type size_bytes created_by created_at',
  'storage.buckets': `id name owner owner_id public file_size_limit allowed_mime_types avif_autodetection created_at
    updated_at`,
  'storage.objects': `id bucket_id name owner owner_id metadata user_metadata path_tokens version created_at updated_at
    last_accessed_at`,
};

/**
 * What a hosted Supabase database also lets `authenticated` read, granted by Supabase and not by our migrations:
 * Storage's newer columns and tables (under Storage's row level security, which no policy of ours opens), and
 * pg_stat_statements (whose query text PostgreSQL shows only to its own user or a superuser). None holds a
 * finder's data.
 */
const SUPABASE_READABLE: Record<string, string> = {
  'storage.buckets': 'type versioning_status',
  'storage.objects': 'archived_at is_delete_marker is_versioned',
  'storage.buckets_analytics': 'id name type format created_at updated_at deleted_at',
  'storage.buckets_vectors': 'id type created_at updated_at',
  'storage.iceberg_namespaces': 'id bucket_name name created_at updated_at metadata catalog_id',
  'storage.iceberg_tables': `id namespace_id bucket_name name location created_at updated_at remote_table_id shard_key
    shard_id catalog_id`,
  'storage.s3_multipart_uploads':
    'id in_progress_size upload_signature bucket_id key version owner_id created_at user_metadata metadata',
  'storage.s3_multipart_uploads_parts': 'id upload_id size part_number bucket_id key etag owner_id version created_at',
  'storage.vector_indexes': `id name bucket_id data_type dimension distance_metric metadata_configuration created_at
    updated_at`,
  'extensions.pg_stat_statements': `userid dbid toplevel queryid query plans total_plan_time min_plan_time max_plan_time
    mean_plan_time stddev_plan_time calls total_exec_time min_exec_time max_exec_time mean_exec_time stddev_exec_time
    rows shared_blks_hit shared_blks_read shared_blks_dirtied shared_blks_written local_blks_hit local_blks_read
    local_blks_dirtied local_blks_written temp_blks_read temp_blks_written blk_read_time blk_write_time
    temp_blk_read_time temp_blk_write_time wal_records wal_fpi wal_bytes jit_functions jit_generation_time
    jit_inlining_count jit_inlining_time jit_optimization_count jit_optimization_time jit_emission_count
    jit_emission_time`,
  'extensions.pg_stat_statements_info': 'dealloc stats_reset',
};

const names = async (sql: string) => (await t.db.query<{ name: string }>(sql)).rows.map((row) => row.name).sort();

describe('the schema', () => {
  it('has row level security on every table of the exposed schema', async () => {
    expect(
      await names(`select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity`),
    ).toEqual([]);
  });

  it('fixes an empty search_path on every security definer function', async () => {
    expect(
      await names(`select p.oid::regprocedure::text as name from pg_proc p
        where p.prosecdef and p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
          and not coalesce('search_path=""' = any(p.proconfig), false)`),
    ).toEqual([]);
  });

  it('lets anonymous finders execute only what a finder needs', async () => {
    expect(
      await names(`select p.proname as name from pg_proc p
        where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
          and has_function_privilege('anon', p.oid, 'execute')`),
    ).toEqual(['code_status']);
  });

  it('gives anonymous finders no table of the exposed schema', async () => {
    expect(
      await names(`select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
          and (has_table_privilege('anon', c.oid, 'select') or has_table_privilege('anon', c.oid, 'insert')
            or has_table_privilege('anon', c.oid, 'update') or has_table_privilege('anon', c.oid, 'delete'))`),
    ).toEqual([]);
  });

  it('checks the new row of every update policy', async () => {
    expect(
      await names(`select schemaname || '.' || policyname as name from pg_policies
        where cmd in ('UPDATE', 'ALL') and with_check is null and schemaname in ('public', 'storage')`),
    ).toEqual([]);
  });

  it('never reads user-editable metadata in a policy', async () => {
    expect(
      await names(`select policyname as name from pg_policies
        where coalesce(qual, '') || coalesce(with_check, '') ~* '(user_metadata|raw_user_meta_data)'`),
    ).toEqual([]);
  });

  it('evaluates auth.uid() once per statement in policies, as (select auth.uid())', async () => {
    const policies = await t.db.query<{ name: string; text: string }>(
      `select policyname as name, coalesce(qual, '') || ' ' || coalesce(with_check, '') as text from pg_policies
       where schemaname in ('public', 'storage')`,
    );
    const bare = policies.rows.filter(
      (policy) =>
        (policy.text.match(/auth\.uid\(\)/g) ?? []).length !==
        (policy.text.match(/SELECT auth\.uid\(\)/g) ?? []).length,
    );
    expect(bare.map((policy) => policy.name)).toEqual([]);
    expect(policies.rows.length).toBeGreaterThan(10);
  });

  it('lets owners read only the columns decided for them, so that no column identifies a finder', async () => {
    // Every column of every table a signed-in owner can read, in any schema, from the catalogue: a column added
    // later is readable only once it is decided in OWNER_READABLE.
    const readable = await names(`select n.nspname || '.' || c.relname || '.' || a.attname as name
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
        and has_column_privilege('authenticated', c.oid, a.attnum, 'select')`);
    const onSupabase = await isSupabaseDatabase(t.db);
    const decided = [OWNER_READABLE, ...(onSupabase ? [SUPABASE_READABLE] : [])].flatMap((readable) =>
      Object.entries(readable).flatMap(([table, columns]) =>
        columns.split(/\s+/).map((column) => `${table}.${column}`),
      ),
    );
    expect(readable).toEqual(decided.sort());
  });

  it('indexes every foreign key', async () => {
    expect(
      await names(`select c.conrelid::regclass::text || '.' || c.conname as name from pg_constraint c
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace
          and not exists (
            select 1 from pg_index i
            where i.indrelid = c.conrelid
              and (array_to_string(i.indkey::int2[], ' ') || ' ') like (array_to_string(c.conkey, ' ') || ' %')
          )`),
    ).toEqual([]);
  });
});

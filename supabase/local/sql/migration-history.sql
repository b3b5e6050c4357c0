-- The Supabase CLI's record of applied migrations (`supabase db push` creates it on a hosted project's first
-- push; its columns are the CLI's, with applied_at of our own). On every database, a Supabase one included:
-- the `postgres` role may create it there. Idempotent.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[],
  applied_at timestamptz not null default now()
);

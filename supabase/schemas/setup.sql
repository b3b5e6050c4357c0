-- Médaille's database as it is now, object by object (supabase/README.md, "The schema"). The files are applied in
-- the order config.toml's [db.migrations] schema_paths lists them; each one holds a table with its indexes,
-- grants, row level security and triggers, or a group of functions. Migrations stay what deploys: a change is
-- written here and as a new migration, and tests/deploy/declarative-schema.test.ts checks both give the same
-- database.
--
-- This first file: who may use what by default (docs/decisions/0001-authorization-in-postgres.md,
-- docs/decisions/0004-public-data-through-get-public-profile.md). A Supabase project grants everything created in
-- public to the API roles; Médaille starts from nothing and grants back, object by object, exactly what the product
-- needs. PostgreSQL still lets PUBLIC execute every new function: each function's file revokes it.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;

-- Helpers that no API role may call on their own: the policies' and triggers' functions, and what the
-- public functions share. Only `authenticated` looks in, for the storage policies' two helpers.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated;

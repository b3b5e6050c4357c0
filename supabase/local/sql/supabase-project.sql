-- What a new Supabase project starts with, applied once, before its first migration: everything created
-- in public is granted to the API roles (the project's migrations revoke this and grant back what they
-- need). Not at every start, as the objects of supabase-base.sql are: a migration's revoke must last.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

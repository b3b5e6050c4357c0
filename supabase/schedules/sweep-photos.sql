-- Runs the sweep-photos Edge Function every 6 hours on hosted Supabase, with pg_cron and pg_net (Supabase's
-- documented way to schedule an Edge Function: https://supabase.com/docs/guides/functions/schedule-functions).
-- Not a migration: it needs the project's URL and secret key, which stay in the project's Vault, never in
-- this repository; and the local stack runs the same function on a timer of its own.
--
-- Once per project, after `supabase functions deploy sweep-photos`, in the SQL editor:
--   1. Store the project's URL and its secret key in Vault (the `sb_secret_…` key, or on a project with
--      legacy keys the service_role key: the function lists orphan files with this key, which only the
--      service role may do):
--        select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--        select vault.create_secret('<secret key>', 'sweep_photos_key');
--   2. Run this file. Running it again replaces the job (same name); `select cron.unschedule('sweep-photos');`
--      removes it. Each run is recorded in cron.job_run_details, each answer in net._http_response.

create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

select cron.schedule(
  'sweep-photos',
  '17 */6 * * *', -- every 6 hours, at minute 17
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
      || '/functions/v1/sweep-photos',
    -- A secret key goes in apikey, not as a bearer token: it is no JWT (config.toml: verify_jwt = false).
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'sweep_photos_key')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  ) as request_id;
  $$
);

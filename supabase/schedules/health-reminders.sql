-- Runs the health-reminders Edge Function every morning at 07:00 in Paris on hosted Supabase, with pg_cron and
-- pg_net: the health booklet's reminders of what is due in 7 days or today. pg_cron reads its schedule in UTC,
-- and 07:00 in Paris is 05:00 UTC in summer time (CEST, UTC+2) and 06:00 UTC in winter (CET, UTC+1): the job
-- runs at both hours and calls the function only in the one that is 07:00 in Paris, so reminders never come
-- at 6 or 8 o'clock when the clocks change. Were it to call twice, nothing would go twice: the function
-- records each reminder as it claims it. Not a migration, for the same reasons as sweep-photos.sql: the
-- project's URL and secret key stay in its Vault; the local stack runs the same function on a timer of its own
-- (HEALTH_REMINDERS_INTERVAL).
--
-- Once per project, after `supabase functions deploy health-reminders`, in the SQL editor:
--   1. Store the project's URL (if sweep-photos.sql did not already) and its secret key in Vault (the
--      `sb_secret_…` key, or on a project with legacy keys the service_role key: only the service role may
--      claim the reminders):
--        select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--        select vault.create_secret('<secret key>', 'health_reminders_key');
--   2. Run this file. Running it again replaces the job (same name); `select cron.unschedule('health-reminders');`
--      removes it. Each run is recorded in cron.job_run_details, each answer in net._http_response.

create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

select cron.schedule(
  'health-reminders',
  '0 5,6 * * *', -- 05:00 and 06:00 UTC: one of them is 07:00 in Paris
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
      || '/functions/v1/health-reminders',
    -- A secret key goes in apikey, not as a bearer token: it is no JWT (config.toml: verify_jwt = false).
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'health_reminders_key')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 150000
  ) as request_id
  where extract(hour from now() at time zone 'Europe/Paris') = 7;
  $$
);

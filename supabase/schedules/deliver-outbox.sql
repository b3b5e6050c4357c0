-- Runs the deliver-outbox Edge Function every minute on hosted Supabase, with pg_cron and pg_net, while anything
-- it delivers is due: an owner's e-mail that the provider refused or did not answer when a finder wrote
-- (public.mail_outbox), a push that failed (public.push_outbox), a finder's 'found' notice
-- (conversation_replies.mail_due) or an owner's notice of a suspension (public.codes). A minute with nothing
-- due costs no call. Not a migration, for the same
-- reasons as sweep-photos.sql: the project's URL and secret key stay in its Vault; the local stack runs the
-- same function on a timer of its own (MAIL_RETRY_INTERVAL).
--
-- Once per project, after `supabase functions deploy`, in the SQL editor:
--   1. Store the project's URL (if sweep-photos.sql did not already) and its secret key in Vault (the
--      `sb_secret_…` key, or on a project with legacy keys the service_role key: only the service role may
--      claim the outbox):
--        select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--        select vault.create_secret('<secret key>', 'deliver_outbox_key');
--   2. Run this file. Running it again replaces the job (same name); `select cron.unschedule('deliver-outbox');`
--      removes it. Each run is recorded in cron.job_run_details, each answer in net._http_response.

create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

select cron.schedule(
  'deliver-outbox',
  '* * * * *', -- every minute
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
      || '/functions/v1/deliver-outbox',
    -- A secret key goes in apikey, not as a bearer token: it is no JWT (config.toml: verify_jwt = false).
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'deliver_outbox_key')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 120000
  ) as request_id
  where exists (select 1 from public.mail_outbox where next_attempt_at <= now() or expires_at <= now())
    or exists (select 1 from public.push_outbox where next_attempt_at <= now() or expires_at <= now())
    or exists (select 1 from public.conversation_replies where mail_due)
    or exists (
      select 1 from public.codes
      where suspended_by = 'operator' and animal_id is not null
        and (owner_told_of_suspension_at is null or owner_told_of_suspension_at < suspended_at)
    );
  $$
);

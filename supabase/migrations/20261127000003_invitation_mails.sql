-- An invitation to an animal's household goes to an address that may belong to no account yet: the outbox
-- keeps such an e-mail (for_account_only false) where it drops an account's e-mails to an address no account
-- has any more.
alter table public.mail_outbox add column for_account_only boolean not null default true;

-- Up to p_limit due e-mails, each leased for 5 minutes (a retrier sends at most 20 with 5 seconds each). Rows
-- another retrier holds are skipped, not waited for: two runs at once never take the same e-mail. Removed
-- unsent first: the expired ones, and an account's e-mails to an address that is no account's any more (the
-- owner deleted their account, which takes everything of theirs, or changed its address). Security definer
-- to read auth.users, which the service role's SQL cannot.
create or replace function public.claim_due_mails(p_limit integer default 20) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_expired integer;
  v_dropped integer;
  v_mails jsonb;
begin
  delete from public.mail_outbox where expires_at <= now();
  get diagnostics v_expired = row_count;
  delete from public.mail_outbox m
  where m.for_account_only and not exists (select 1 from auth.users u where lower(u.email) = lower(m.recipient));
  get diagnostics v_dropped = row_count;
  with due as (
    select id from public.mail_outbox
    where next_attempt_at <= now()
    order by next_attempt_at
    limit greatest(p_limit, 0)
    for update skip locked
  ), leased as (
    update public.mail_outbox m
    set next_attempt_at = now() + interval '5 minutes', attempts = m.attempts + 1
    from due
    where m.id = due.id
    returning m.id, m.recipient, m.subject, m.text_body, m.html_body, m.attempts
  )
  select coalesce(jsonb_agg(to_jsonb(leased) order by leased.id), '[]') into v_mails from leased;
  return jsonb_build_object('expired', v_expired, 'dropped', v_dropped, 'mails', v_mails);
end
$$;
revoke all on function public.claim_due_mails(integer) from public, anon, authenticated;
grant execute on function public.claim_due_mails(integer) to service_role;

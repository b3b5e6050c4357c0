-- Rate limits (docs/decisions/0009-client-identity-from-gateway.md): request counters keyed by what is limited and who
-- asks (a hash, never a raw address). A window opens with the first request and lasts its length, so a burst cannot
-- straddle two windows. Windows named after an animal or an owner end with its id and go with it; the rest are purged
-- after a day (purge_old_scan_events). Only the functions below touch the table (no grant, no policy).
create table public.rate_limit_hits (
  bucket text primary key,
  window_start timestamptz not null,
  hits integer not null
);
alter table public.rate_limit_hits enable row level security;
create index rate_limit_hits_window_start_idx on public.rate_limit_hits (window_start);

-- Counts one request and says whether the client is still within the limit.
create function public.hit_rate_limit(p_bucket text, p_limit integer, p_window_seconds integer) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_within boolean;
begin
  insert into public.rate_limit_hits as r (bucket, window_start, hits)
  values (p_bucket, now(), 1)
  on conflict (bucket) do update set
    hits = case when r.window_start <= now() - make_interval(secs => p_window_seconds) then 1 else r.hits + 1 end,
    window_start = case when r.window_start <= now() - make_interval(secs => p_window_seconds) then now()
                        else r.window_start end
  returning hits <= p_limit into v_within;
  return v_within;
end
$$;
revoke all on function public.hit_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.hit_rate_limit(text, integer, integer) to service_role;

-- Who a client is comes from the gateway: hosted Supabase's (Cloudflare) sets cf-connecting-ip to the
-- connecting address and replaces any value a client sent; the local stack does the same from its socket.
-- PostgREST hands the request's headers to SQL as request.headers. A random salt of this database keeps the
-- hashes that stand for clients from revealing any address. Its one row is data: a database made by
-- `supabase db diff`'s migrations alone would have no salt.
create table private.client_hash_salt (salt text not null);
insert into private.client_hash_salt (salt) select gen_random_uuid()::text || gen_random_uuid()::text;
revoke all on private.client_hash_salt from public, anon, authenticated;

-- The calling client as the gateway named it, hashed; 'unknown' outside an HTTP request (SQL run directly).
create function private.request_client_hash() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    md5(s.salt || (nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip')),
    'unknown'
  )
  from private.client_hash_salt s
$$;
revoke all on function private.request_client_hash() from public, anon, authenticated;

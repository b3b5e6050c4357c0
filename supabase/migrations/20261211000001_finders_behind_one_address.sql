-- Many finders behind one address: get_public_profile counts an address's misses (guessing codes) and its
-- openings of each medal's page (floods), no longer every opening together (schemas/finder_functions.sql).
drop function public.public_profile_for_client(text, text, integer);

-- What is counted is what each limit is for, so that many finders behind one address (a café's Wi-Fi, a
-- carrier's NAT) are served:
-- - guessing codes: an address's misses (an answer with no profile: a code unknown, unclaimed, suspended,
--   retired), p_misses_per_minute; once spent, every code is refused, known or not, since a profile answered
--   then would tell a guesser which codes exist;
-- - floods: an address opening one medal's page, p_openings_per_minute; beyond, the answer is 'rate_limited'
--   with the profile, from which the function sends on only what a call needs.
create function public.public_profile_for_client(
  p_code text,
  p_client_hash text,
  p_misses_per_minute integer,
  p_openings_per_minute integer default 120
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
  v_miss_bucket text := 'profile-miss:' || p_client_hash;
  v_answer jsonb;
begin
  if exists (
    select 1 from public.rate_limit_hits r
    where r.bucket = v_miss_bucket and r.window_start > now() - interval '60 seconds'
      and r.hits >= p_misses_per_minute
  ) then
    return jsonb_build_object('status', 'rate_limited');
  end if;
  if p_code is null then
    v_answer := jsonb_build_object('status', 'not_found');
  elsif exists (select 1 from public.codes c where c.id = v_code and c.suspended_at is not null) then
    v_answer := jsonb_build_object('status', 'suspended', 'code', v_code);
  else
    v_answer := public.public_profile(p_code);
  end if;
  if v_answer ->> 'status' is distinct from 'claimed' then
    perform public.hit_rate_limit(v_miss_bucket, p_misses_per_minute, 60);
    return v_answer;
  end if;
  if not public.hit_rate_limit('profile:' || p_client_hash || ':' || v_code, p_openings_per_minute, 60) then
    return jsonb_build_object('status', 'rate_limited', 'profile', v_answer);
  end if;
  return v_answer;
end
$$;
revoke all on function public.public_profile_for_client(text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.public_profile_for_client(text, text, integer, integer) to service_role;

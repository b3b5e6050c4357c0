-- get_public_profile counts the request and reads the profile in one call: one round trip to the database
-- instead of two on the path every finder takes.
create function public.public_profile_for_client(
  p_code text,
  p_client_hash text,
  p_limit_per_minute integer
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.hit_rate_limit('profile:' || p_client_hash, p_limit_per_minute, 60) then
    return jsonb_build_object('status', 'rate_limited');
  end if;
  if p_code is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  return public.public_profile(p_code);
end
$$;

revoke all on function public.public_profile_for_client(text, text, integer) from public, anon, authenticated;
grant execute on function public.public_profile_for_client(text, text, integer) to service_role;

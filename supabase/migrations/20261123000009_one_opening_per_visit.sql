-- A lost animal's page opened again by the same finder within 5 minutes is the same visit (issue 16): the scan
-- page asks for the profile again after a shared position or a retry, and the owner's history counted each
-- request as an opening. The client hash is the finder's salted address (D9), never the address itself.
create or replace function public.record_lost_profile_view(p_code text, p_client_hash text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
  v_animal public.animals := private.animal_of_live_code(upper(btrim(p_code)));
begin
  if v_animal.id is null or not v_animal.is_lost then
    return jsonb_build_object('recorded', false, 'notify', false);
  end if;
  if exists (
    select 1 from public.profile_views v
    where v.animal_id = v_animal.id and v.client_hash = p_client_hash and v.created_at > now() - interval '5 minutes'
  ) then
    return jsonb_build_object('recorded', false, 'notify', false);
  end if;
  insert into public.profile_views (animal_id, code_id, client_hash) values (v_animal.id, v_code, p_client_hash);
  if not public.hit_rate_limit('lost-view-mail:' || v_animal.id::text, 1, 600) then
    return jsonb_build_object('recorded', true, 'notify', false);
  end if;
  return jsonb_build_object(
    'recorded', true,
    'notify', true,
    'animal_id', v_animal.id,
    'animal_name', v_animal.nom,
    'owner_email', (select u.email from auth.users u where u.id = v_animal.proprietaire_id)
  );
end
$$;
revoke all on function public.record_lost_profile_view(text, text) from public, anon, authenticated;
grant execute on function public.record_lost_profile_view(text, text) to service_role;

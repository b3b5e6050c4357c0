-- An operator's suspension is told to the medal's owner by e-mail, once: deliver-mail, run every minute,
-- claims the suspensions not told yet and writes each e-mail in the owners' one layout. A suspension is told
-- when the code was told of one at or after its start, so a new suspension (a later suspended_at) is told
-- again without set_medal_suspended doing anything. Suspensions made before this migration count as told:
-- their owners learn of them on the edit page, not by a sudden e-mail.
alter table public.codes add column owner_told_of_suspension_at timestamptz;
update public.codes set owner_told_of_suspension_at = now() where suspended_by = 'operator';

-- Up to p_limit operator suspensions of activated medals not told yet, marked told as they are claimed (two
-- runs at once never take the same one), with what the e-mail needs. Security definer to read auth.users.
create function public.claim_suspension_notices(p_limit integer default 20) returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  with due as (
    select c.id from public.codes c
    where c.suspended_by = 'operator' and c.animal_id is not null
      and (c.owner_told_of_suspension_at is null or c.owner_told_of_suspension_at < c.suspended_at)
    order by c.suspended_at
    limit greatest(p_limit, 0)
    for update skip locked
  ), told as (
    update public.codes c
    set owner_told_of_suspension_at = now()
    from due
    where c.id = due.id
    returning c.id, c.animal_id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'code', told.id, 'animal_id', a.id, 'animal_name', a.nom, 'owner_email', u.email
  ) order by told.id), '[]')
  from told
  join public.animals a on a.id = told.animal_id
  join auth.users u on u.id = a.proprietaire_id
$$;

revoke all on function public.claim_suspension_notices(integer) from public, anon, authenticated;
grant execute on function public.claim_suspension_notices(integer) to service_role;

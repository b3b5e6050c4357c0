-- Who did what to an animal, for its household's history (docs/decisions/0016-household.md): a member marked it lost or
-- found, changed its profile or its public contacts, added or removed a photo, joined or left the household, had
-- their role changed, or the animal changed owner. Written by triggers, only for what a signed-in person did
-- (auth.uid()): what the finders' functions write is the inbox's. Nobody writes or deletes it through the
-- API: the household reads it, and it goes with the animal. `actor_id` and `subject_id` (the member a
-- household event is about) become null when that account is deleted; the portal names them from the
-- household's list (animal_household), an account no longer there as a former member.
create table public.animal_activity (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  actor_id uuid references auth.users (id) on delete set null,
  kind text not null constraint animal_activity_kind_valeurs check (kind in (
    'lost', 'found', 'profile', 'contacts', 'photo_added', 'photo_removed',
    'member_joined', 'member_left', 'member_removed', 'member_role', 'owner_changed'
  )),
  subject_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index animal_activity_animal_id_idx on public.animal_activity (animal_id, created_at desc);
create index animal_activity_actor_id_idx on public.animal_activity (actor_id);
create index animal_activity_subject_id_idx on public.animal_activity (subject_id);

alter table public.animal_activity enable row level security;
grant select on public.animal_activity to authenticated;

create policy animal_activity_select_member on public.animal_activity
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

-- Records one event of the signed-in caller about an animal that still exists (a photo or member row
-- deleted with its animal records nothing).
create function private.record_activity(p_animal_id uuid, p_kind text, p_subject_id uuid default null)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.animal_activity (animal_id, actor_id, kind, subject_id)
  select p_animal_id, (select auth.uid()), p_kind, p_subject_id
  where (select auth.uid()) is not null and exists (select 1 from public.animals where id = p_animal_id)
$$;
revoke all on function private.record_activity(uuid, text, uuid) from public, anon, authenticated;

create function private.record_animal_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- What a finder sees of how to reach the household.
  contacts constant text[] := array[
    'public_phone', 'public_email', 'public_address_line', 'public_city',
    'show_public_phone', 'show_public_email', 'show_public_address',
    'second_contact_name', 'second_contact_phone', 'second_contact_email',
    'show_second_contact_phone', 'show_second_contact_email'
  ];
  -- What is no one's edit of the profile: the loss, what it moves, the cover, the owner, the times.
  not_profile constant text[] := contacts || array[
    'is_lost', 'lost_checklist', 'lost_since', 'last_known_lat', 'last_known_lon', 'last_known_accuracy_m',
    'last_known_at', 'cover_photo_id', 'proprietaire_id', 'date_modification'
  ];
begin
  if new.proprietaire_id is distinct from old.proprietaire_id then
    perform private.record_activity(new.id, 'owner_changed', new.proprietaire_id);
    return null;
  end if;
  if new.is_lost is distinct from old.is_lost then
    perform private.record_activity(new.id, case when new.is_lost then 'lost' else 'found' end);
  end if;
  if (select jsonb_object_agg(key, value) from jsonb_each(to_jsonb(new)) where key = any (contacts))
    is distinct from (select jsonb_object_agg(key, value) from jsonb_each(to_jsonb(old)) where key = any (contacts)) then
    perform private.record_activity(new.id, 'contacts');
  end if;
  if (to_jsonb(new) - not_profile) is distinct from (to_jsonb(old) - not_profile) then
    perform private.record_activity(new.id, 'profile');
  end if;
  return null;
end
$$;
revoke all on function private.record_animal_activity() from public, anon, authenticated;

create trigger animals_record_activity
  after update on public.animals
  for each row execute function private.record_animal_activity();

create function private.record_photo_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.record_activity(new.animal_id, 'photo_added');
  else
    perform private.record_activity(old.animal_id, 'photo_removed');
  end if;
  return null;
end
$$;
revoke all on function private.record_photo_activity() from public, anon, authenticated;

create trigger animal_photos_record_activity
  after insert or delete on public.animal_photos
  for each row execute function private.record_photo_activity();

-- The owner's own row is the animal's creation or a change of owner (recorded above), not an event here, and
-- neither are the rows a change of owner moves (accept_animal_invitation says when one is under way).
create function private.record_member_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if current_setting('medaille.changing_owner', true) = 'on' then
    return null;
  end if;
  if tg_op = 'INSERT' and new.role <> 'owner' then
    perform private.record_activity(new.animal_id, 'member_joined', new.user_id);
  elsif tg_op = 'DELETE' and old.role <> 'owner' then
    perform private.record_activity(
      old.animal_id, case when old.user_id = (select auth.uid()) then 'member_left' else 'member_removed' end,
      old.user_id
    );
  elsif tg_op = 'UPDATE' and new.role <> 'owner'
    and (new.role, new.access_until) is distinct from (old.role, old.access_until) then
    perform private.record_activity(new.animal_id, 'member_role', new.user_id);
  end if;
  return null;
end
$$;
revoke all on function private.record_member_activity() from public, anon, authenticated;

create trigger animal_members_record_activity
  after insert or update or delete on public.animal_members
  for each row execute function private.record_member_activity();

-- A finder's message to the owner, with an optional photo (post_finder_message). Written only by the
-- server functions (service_role, record_finder_message); read, marked read and deleted by the animal's owner.
create table public.finder_messages (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  code_id text not null references public.codes (id) on delete cascade,
  message text constraint finder_messages_message_longueur check (char_length(message) <= 300),
  contact text constraint finder_messages_contact_longueur check (char_length(contact) <= 254),
  created_at timestamptz not null default now(),
  -- Unread until the owner opens the inbox (mark_messages_read).
  read_at timestamptz,
  -- The finder's photo in the private finder-photos bucket: {animal_id}/{uuid}.{ext}.
  photo_path text
    constraint finder_messages_photo_path_format
    check (photo_path ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$'),
  -- The conversation it belongs to (conversations.sql); null for a message written before conversations.
  conversation_id uuid references public.conversations (id) on delete cascade,
  -- What the finder says they are doing, if they say: 'with_me' ('Je l'ai avec moi'), 'seen_here' ('Je l'ai
  -- vu ici', with their position if they agreed to give it) or 'dropped_off' ('Je l'ai déposé chez …', with
  -- the place they name). Shown first in the inbox, and told to the household at once.
  finder_status text
    constraint finder_messages_status_valeurs check (finder_status in ('with_me', 'seen_here', 'dropped_off')),
  status_place text constraint finder_messages_status_place_longueur check (char_length(status_place) <= 120),
  seen_lat double precision constraint finder_messages_seen_lat_plage check (seen_lat between -90 and 90),
  seen_lon double precision constraint finder_messages_seen_lon_plage check (seen_lon between -180 and 180),
  seen_accuracy_m double precision constraint finder_messages_seen_accuracy_positive check (seen_accuracy_m >= 0),
  constraint finder_messages_non_vide check (message is not null or contact is not null or finder_status is not null),
  -- A place goes with 'dropped_off' and always does; a position with 'seen_here' only, latitude and longitude
  -- together.
  constraint finder_messages_status_place_requis
    check ((finder_status is not distinct from 'dropped_off') = (status_place is not null)),
  constraint finder_messages_seen_position
    check ((seen_lat is null) = (seen_lon is null)
      and (seen_lat is null or finder_status is not distinct from 'seen_here')
      and (seen_accuracy_m is null or seen_lat is not null)),
  constraint finder_messages_photo_path_unique unique (photo_path),
  -- The file lies in the folder of the message's own animal.
  constraint finder_messages_photo_in_animal_folder
    check (photo_path is null or starts_with(photo_path, animal_id::text || '/'))
);

create index finder_messages_animal_id_idx on public.finder_messages (animal_id, created_at desc);
create index finder_messages_code_id_idx on public.finder_messages (code_id);
create index finder_messages_conversation_id_idx on public.finder_messages (conversation_id, created_at);
-- The last hour's messages, counted for the operator (operator_status).
create index finder_messages_created_at_idx on public.finder_messages (created_at);
-- The positions finders shared, forgotten after 90 days by the daily purge (purge_old_scan_events): a few rows
-- of the table, found without reading it all.
create index finder_messages_seen_position_idx on public.finder_messages (created_at) where seen_lat is not null;

-- The household reads the inbox; the owner and co-owners delete from it.
alter table public.finder_messages enable row level security;
grant select, delete on public.finder_messages to authenticated;

create policy finder_messages_select_member on public.finder_messages
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

create policy finder_messages_delete_editor on public.finder_messages
  for delete to authenticated
  using (animal_id = any (array(select private.animals_i_edit())));

-- The key each way of sending a finder's message carries (a random UUID made when its form was drawn), with
-- the message it stored: the same key sent again stores nothing more and is answered as the first time
-- (finder_message_sent). Kept apart from the messages, which the household reads: whoever holds a key may ask
-- for the finder's link with it.
create table private.finder_message_keys (
  send_key uuid primary key,
  message_id uuid not null references public.finder_messages (id) on delete cascade
);
create index finder_message_keys_message_id_idx on private.finder_message_keys (message_id);
revoke all on private.finder_message_keys from public, anon, authenticated;

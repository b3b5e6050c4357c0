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
  constraint finder_messages_non_vide check (message is not null or contact is not null),
  constraint finder_messages_photo_path_unique unique (photo_path),
  -- The file lies in the folder of the message's own animal.
  constraint finder_messages_photo_in_animal_folder
    check (photo_path is null or starts_with(photo_path, animal_id::text || '/'))
);

create index finder_messages_animal_id_idx on public.finder_messages (animal_id, created_at desc);
create index finder_messages_code_id_idx on public.finder_messages (code_id);
create index finder_messages_conversation_id_idx on public.finder_messages (conversation_id, created_at);

-- The household reads the inbox; the owner and co-owners delete from it.
alter table public.finder_messages enable row level security;
grant select, delete on public.finder_messages to authenticated;

create policy finder_messages_select_member on public.finder_messages
  for select to authenticated
  using (animal_id in (select private.animals_i_see()));

create policy finder_messages_delete_editor on public.finder_messages
  for delete to authenticated
  using (animal_id in (select private.animals_i_edit()));

-- An animal's health booklet ('carnet de santé', docs/decisions/0016-household.md): what its household notes of its
-- health, the documents that prove it, and the e-mail reminders of what is due. Its household reads it; its owner and
-- co-owners write it; a keeper past their last day, like anyone else, sees nothing. Of it, the public profile
-- gets only the vaccinations and treatments the owner chose to show, while they are current. The limits are @medaille/domain's HEALTH_LIMITS (its tests hold these numbers to them).

-- Keeps updated_at true whatever the client sends.
create function private.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.touch_updated_at() from public, anon, authenticated;

-- One line of the booklet: a vaccination, a recurring treatment, a vet's visit (each with the date it was
-- given and, when there is one, the next due date, which the reminders read) or a weighing.
create table public.health_records (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  kind text not null
    constraint health_records_kind_valeurs check (kind in ('vaccination', 'treatment', 'visit', 'weight')),
  -- In the reminders' subjects: the name's rule of characters (animals.sql).
  label text not null constraint health_records_label_longueur check (char_length(btrim(label)) between 1 and 120)
    constraint health_records_label_caracteres
      check (label !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'),
  given_on date not null,
  next_due_on date,
  weight_kg numeric(5, 2) constraint health_records_poids_plage check (weight_kg > 0 and weight_kg < 200),
  notes text constraint health_records_notes_longueur check (char_length(notes) <= 1000),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The owner's choice to show a vaccination or a treatment to whoever finds the animal (public_profile's
  -- emergency_health, while it is current); nothing else of the booklet ever reaches a finder.
  shown_to_finder boolean not null default false
    constraint health_records_visible_soins check (not shown_to_finder or kind in ('vaccination', 'treatment')),
  constraint health_records_echeance_apres_soin check (next_due_on >= given_on),
  constraint health_records_pesee_sans_echeance check (kind <> 'weight' or next_due_on is null),
  constraint health_records_poids_pesee check ((kind = 'weight') = (weight_kg is not null))
);
create index health_records_animal_id_idx on public.health_records (animal_id, given_on desc);
create index health_records_created_by_idx on public.health_records (created_by);
-- The reminders look records up by their due date.
create index health_records_next_due_on_idx on public.health_records (next_due_on) where next_due_on is not null;

-- The household reads the booklet; its owner and co-owners write it. A record stays with its animal, and who
-- wrote it is the database's to say.
alter table public.health_records enable row level security;
grant select, delete on public.health_records to authenticated;
grant insert (animal_id, kind, label, given_on, next_due_on, weight_kg, notes, shown_to_finder)
  on public.health_records to authenticated;
grant update (kind, label, given_on, next_due_on, weight_kg, notes, shown_to_finder) on public.health_records
  to authenticated;

create policy health_records_select_member on public.health_records
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

create policy health_records_insert_editor on public.health_records
  for insert to authenticated
  with check (animal_id = any (array(select private.animals_i_edit())));

create policy health_records_update_editor on public.health_records
  for update to authenticated
  using (animal_id = any (array(select private.animals_i_edit())))
  with check (animal_id = any (array(select private.animals_i_edit())));

create policy health_records_delete_editor on public.health_records
  for delete to authenticated
  using (animal_id = any (array(select private.animals_i_edit())));

create trigger health_records_touch_updated_at
  before update on public.health_records
  for each row execute function private.touch_updated_at();

-- The booklet's documents (a vaccination certificate, the passport, an insurance contract): files of the
-- private health-documents bucket, {animal_id}/{uuid}.{pdf|jpg|png|webp}, never public, read through signed
-- URLs. 10 MB a file; at most 20 files and 50 MB per animal (enforce_health_document_folder_cap below). The
-- bucket is a row, not schema: `supabase db diff` writes no migration for it.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'health-documents', 'health-documents', false, 10485760,
  array['application/pdf', 'image/jpeg', 'image/png', 'image/webp']
)
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- The household downloads an animal's documents with their own session (the account's export), each download
-- checked anew; its owner and co-owners upload and remove them. No update policy: a stored document is never
-- replaced nor moved, only removed. What Storage does is told by storage.operation, which it sets in each
-- request's transaction: an upload's and a removal's RETURNING read the row too, hence the editors' operations
-- here. Signing is none of them, nor listing: a signed URL opens the document to whoever holds it until it
-- expires, which its signer chooses and no policy sees, so a member who has since left (a keeper past their last
-- day, the owner before a change of owner) would keep it. Members get their links from health-document-link,
-- one minute long; Storage answers their own signing 'Object not found'.
create policy health_documents_objects_select_member on storage.objects
  for select to authenticated
  using (bucket_id = 'health-documents' and (
    (current_setting('storage.operation', true) = 'storage.object.get_authenticated'
      and (storage.foldername(name))[1] = any (array(select private.animals_i_see())::text[]))
    or (current_setting('storage.operation', true) in ('storage.object.upload', 'storage.object.delete_many', 'storage.object.delete')
      and (storage.foldername(name))[1] = any (array(select private.animals_i_edit())::text[]))
  ));

create policy health_documents_objects_insert_editor on storage.objects
  for insert to authenticated
  with check (bucket_id = 'health-documents'
    and (storage.foldername(name))[1] = any (array(select private.animals_i_edit())::text[]));

create policy health_documents_objects_delete_editor on storage.objects
  for delete to authenticated
  using (bucket_id = 'health-documents'
    and (storage.foldername(name))[1] = any (array(select private.animals_i_edit())::text[]));

-- Each file of the bucket, whoever writes it: named {animal_id}/{uuid}.{ext}, its extension its declared type's,
-- and its animal's folder within 20 files and 50 MB. A trigger, as for the photos' folders (storage.sql,
-- enforce_photo_folder_cap): hosted Storage writes the final row as its own role, past the policies, and the
-- folder's lock holds until that row commits, so racing uploads are counted one after the other. SQLSTATE
-- 42501, which Storage answers as AccessDenied (403) with this message. The size is the one Storage stored
-- (or, in its trial insert before the body, the one declared).
create function private.enforce_health_document_folder_cap() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  files_cap constant integer := 20;
  bytes_cap constant bigint := 50 * 1024 * 1024;
  parts text[] := regexp_match(
    new.name,
    '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|jpg|jpeg|png|webp)$'
  );
  declared_type text := new.metadata ->> 'mimetype';
  size_text text := coalesce(new.metadata ->> 'size', new.metadata ->> 'contentLength');
  files integer;
  bytes bigint;
begin
  if new.bucket_id <> 'health-documents' then
    return new;
  end if;
  if parts is null then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'A health document is stored as {animal_id}/{uuid}.pdf, .jpg, .png or .webp';
  end if;
  if declared_type is not null and declared_type <> (case parts[2]
    when 'pdf' then 'application/pdf' when 'png' then 'image/png' when 'webp' then 'image/webp' else 'image/jpeg'
  end) then
    raise exception using
      errcode = 'insufficient_privilege',
      message = format('A file named .%s cannot be %s', parts[2], declared_type);
  end if;
  perform pg_advisory_xact_lock(hashtextextended('storage.objects health-documents ' || parts[1], 0));
  -- The folder without this very object (a replaced file, a row updated in place).
  select count(*),
    coalesce(sum(case when o.metadata ->> 'size' ~ '^[0-9]{1,15}$' then (o.metadata ->> 'size')::bigint end), 0)
  into files, bytes
  from storage.objects o
  where o.bucket_id = 'health-documents' and starts_with(o.name, parts[1] || '/')
    and o.name <> new.name and o.id is distinct from new.id;
  if files >= files_cap then
    raise exception using
      errcode = 'insufficient_privilege',
      message = format('The folder %s/ already holds %s files, the most it may hold', parts[1], files_cap);
  end if;
  if bytes + (case when size_text ~ '^[0-9]{1,15}$' then size_text::bigint else 0 end) > bytes_cap then
    raise exception using
      errcode = 'insufficient_privilege',
      message = format('The folder %s/ may hold %s MB in all', parts[1], bytes_cap / 1024 / 1024);
  end if;
  return new;
end
$$;
revoke all on function private.enforce_health_document_folder_cap() from public, anon, authenticated;

create trigger health_documents_objects_folder_cap
  before insert or update of bucket_id, name, metadata on storage.objects
  for each row execute function private.enforce_health_document_folder_cap();

-- A document of the booklet: its stored file (path, which must exist when the row is written), its title and
-- what it is. Its type and size are the file's, copied from Storage's row, never the client's word.
create table public.health_documents (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  path text not null constraint health_documents_path_key unique
    constraint health_documents_path_dossier
    check (starts_with(path, animal_id::text || '/') and char_length(path) <= 512),
  title text not null
    constraint health_documents_titre_longueur check (char_length(btrim(title)) between 1 and 120),
  kind text not null
    constraint health_documents_kind_valeurs check (kind in ('vaccination', 'passeport', 'assurance', 'autre')),
  content_type text not null constraint health_documents_type_valeurs
    check (content_type in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
  size_bytes bigint not null constraint health_documents_taille_plage check (size_bytes between 0 and 10485760),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index health_documents_animal_id_idx on public.health_documents (animal_id, created_at desc);
create index health_documents_created_by_idx on public.health_documents (created_by);

-- The portal uploads the file, then writes its row: the household reads the rows, the owner and co-owners
-- write them (a title or kind may change; the file never does).
alter table public.health_documents enable row level security;
grant select, delete on public.health_documents to authenticated;
grant insert (animal_id, path, title, kind) on public.health_documents to authenticated;
grant update (title, kind) on public.health_documents to authenticated;

create policy health_documents_select_member on public.health_documents
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

create policy health_documents_insert_editor on public.health_documents
  for insert to authenticated
  with check (animal_id = any (array(select private.animals_i_edit())));

create policy health_documents_update_editor on public.health_documents
  for update to authenticated
  using (animal_id = any (array(select private.animals_i_edit())))
  with check (animal_id = any (array(select private.animals_i_edit())));

create policy health_documents_delete_editor on public.health_documents
  for delete to authenticated
  using (animal_id = any (array(select private.animals_i_edit())));

-- No row without its file: a row is written only for a stored file, whose type and size it takes, and removing
-- the file through Storage removes its row (health_documents_objects_forget_row). Both take the animal's folder
-- lock, which uploads take too (enforce_health_document_folder_cap), so a row and the removal of its file
-- cannot cross. A caller who may not write the animal's booklet learns nothing here: the policies refuse them.
create function private.attach_health_document_file() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_metadata jsonb;
begin
  if (select auth.uid()) is not null and new.animal_id not in (select private.animals_i_edit()) then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('storage.objects health-documents ' || new.animal_id::text, 0));
  select o.metadata into v_metadata
  from storage.objects o
  where o.bucket_id = 'health-documents' and o.name = new.path;
  if not found then
    raise exception using
      errcode = 'check_violation',
      constraint = 'health_documents_fichier_enregistre',
      message = 'Le fichier de ce document n''est pas enregistré : envoyez-le à nouveau.';
  end if;
  new.content_type := v_metadata ->> 'mimetype';
  new.size_bytes := (v_metadata ->> 'size')::bigint;
  return new;
end
$$;
revoke all on function private.attach_health_document_file() from public, anon, authenticated;

create trigger health_documents_attach_file
  before insert or update of path on public.health_documents
  for each row execute function private.attach_health_document_file();

create function private.forget_health_document_row() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(
    hashtextextended('storage.objects health-documents ' || coalesce((storage.foldername(old.name))[1], ''), 0)
  );
  delete from public.health_documents where path = old.name;
  return null;
end
$$;
revoke all on function private.forget_health_document_row() from public, anon, authenticated;

create trigger health_documents_objects_forget_row
  after delete on storage.objects
  for each row when (old.bucket_id = 'health-documents')
  execute function private.forget_health_document_row();

-- A document's file, for health-document-link to sign with the service role: its path when the caller is a
-- member of its animal's household today (a keeper until their last day), else {reason 'not_found'}; a
-- signed-in user whose account no longer exists gets {reason 'session_expired'}. Security definer to read
-- auth.users.
create function public.health_document_path(p_document_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_path text;
begin
  if not exists (select 1 from auth.users u where u.id = (select auth.uid())) then
    return jsonb_build_object('reason', 'session_expired');
  end if;
  select d.path into v_path from public.health_documents d
  where d.id = p_document_id and d.animal_id in (select private.animals_i_see());
  if v_path is null then
    return jsonb_build_object('reason', 'not_found');
  end if;
  return jsonb_build_object('path', v_path);
end
$$;
revoke all on function public.health_document_path(uuid) from public, anon, service_role;
grant execute on function public.health_document_path(uuid) to authenticated;

-- Files of the health-documents bucket that no document row names, oldest name first, at most p_limit, for
-- sweep-photos: those of an animal that no longer exists at once, the others once last written more than an
-- hour ago (a file uploaded a moment ago may be waiting for its row).
create function public.orphan_health_document_files(p_limit integer default 1000) returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(orphan.name order by orphan.name collate "C"), '{}')
  from (
    select o.name
    from storage.objects o
    where o.bucket_id = 'health-documents'
      and not exists (select 1 from public.health_documents d where d.path = o.name)
      and (
        greatest(o.created_at, o.updated_at) < now() - interval '1 hour'
        or not exists (select 1 from public.animals a where a.id::text = (storage.foldername(o.name))[1])
      )
    order by o.name collate "C"
    limit greatest(p_limit, 0)
  ) orphan
$$;
revoke all on function public.orphan_health_document_files(integer) from public, anon, authenticated;
grant execute on function public.orphan_health_document_files(integer) to service_role;

-- Each reminder sent, so that it is sent once: a record's due date told to one member, 7 days before
-- ('before') or on the day ('on_day'). Only the service role (the health-reminders function) reads or writes it.
create table public.health_reminders_sent (
  record_id uuid not null references public.health_records (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  due_on date not null,
  kind text not null constraint health_reminders_sent_kind_valeurs check (kind in ('before', 'on_day')),
  sent_at timestamptz not null default now(),
  primary key (record_id, user_id, due_on, kind)
);
create index health_reminders_sent_user_id_idx on public.health_reminders_sent (user_id);
alter table public.health_reminders_sent enable row level security;

revoke all on public.health_reminders_sent from public, anon, authenticated;
grant select, insert, update, delete on public.health_reminders_sent to service_role;

-- The reminders due on p_as_of (today in Paris unless given: the function's tests move the clock with it): one
-- per record whose next due date is p_as_of + p_days_before ('before') or p_as_of ('on_day') and member of its
-- animal who chose reminders by e-mail (animal_members.reminders_email) and whose access holds that day (a
-- keeper until their last day), with what the e-mail needs. Each is recorded as sent in the same statement,
-- and one recorded already (by an earlier run, or by a run at the same moment, whose insert this one waits
-- for) is not answered again: every reminder goes once. At most p_limit; the caller asks again while it gets
-- that many. Security definer to read auth.users.
create function public.claim_health_reminders(
  p_as_of date default null,
  p_days_before integer default 7,
  p_limit integer default 100
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_as_of date := coalesce(p_as_of, private.today_in_paris());
  v_reminders jsonb;
begin
  with due as (
    select r.id as record_id, m.user_id, r.next_due_on as due_on,
      case when r.next_due_on = v_as_of then 'on_day' else 'before' end as kind
    from public.health_records r
    join public.animal_members m on m.animal_id = r.animal_id
    where r.next_due_on in (v_as_of, v_as_of + p_days_before)
      and m.reminders_email
      and (m.access_until is null or m.access_until >= v_as_of)
      and not exists (
        select 1 from public.health_reminders_sent s
        where s.record_id = r.id and s.user_id = m.user_id and s.due_on = r.next_due_on
          and s.kind = case when r.next_due_on = v_as_of then 'on_day' else 'before' end
      )
    order by r.next_due_on, r.id, m.user_id
    limit greatest(p_limit, 0)
  ), claimed as (
    insert into public.health_reminders_sent (record_id, user_id, due_on, kind)
    select record_id, user_id, due_on, kind from due
    on conflict do nothing
    returning record_id, user_id, due_on, kind
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'record_id', r.id, 'user_id', c.user_id, 'email', u.email, 'animal_id', a.id, 'animal_name', a.nom,
    'label', btrim(r.label),
    'record_kind', r.kind, 'kind', c.kind, 'due_on', c.due_on
  ) order by c.due_on, a.nom, r.label, u.email), '[]')
  into v_reminders
  from claimed c
  join public.health_records r on r.id = c.record_id
  join public.animals a on a.id = r.animal_id
  join auth.users u on u.id = c.user_id
  where u.email is not null;
  return v_reminders;
end
$$;
revoke all on function public.claim_health_reminders(date, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_health_reminders(date, integer, integer) to service_role;

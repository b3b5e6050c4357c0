-- A deleted account writes nothing more: its access token stays valid until it expires (an
-- hour, GoTrue's JWTs are checked by signature alone), and the policies of the animal-photos bucket let it
-- upload public files to its old folder {user_id}/ meanwhile. The helper of those policies (select,
-- insert, update, delete) now also asks that the caller's user exists; delete-account deletes users for
-- good (GoTrue's hard delete), so a deleted one has no row in auth.users. Its animals' folders were closed
-- already: the animals went with the account.
--
-- Security definer, as the private helpers that read auth.users are: the caller's role cannot read it.
-- The animals are matched on the caller's id explicitly, as the animals' own policy would.

create or replace function private.is_own_photo_folder(object_name text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from auth.users u where u.id = (select auth.uid()))
    and (
      (storage.foldername(object_name))[1] = (select auth.uid())::text
      or exists (
        select 1 from public.animals a
        where a.id::text = (storage.foldername(object_name))[1] and a.proprietaire_id = (select auth.uid())
      )
    )
$$;

revoke all on function private.is_own_photo_folder(text) from public;
grant execute on function private.is_own_photo_folder(text) to authenticated;

-- A health document's signed URL no longer outlives its signer's access: members no longer sign URLs through
-- Storage (its policy lets them download, and the owner and co-owners upload and remove, but not sign), and
-- health-document-link signs one-minute links for current members with health_document_path. A medal that an
-- operator suspends closes its conversations for the finder and the household; an owner's own suspension lets
-- them go on.

drop policy health_documents_objects_select_member on storage.objects;

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

-- Whether a conversation's link still opens it: its medal not suspended by an operator, not blocked, and a
-- message within the last 30 days. An operator suspends a medal for fraud or theft: whoever holds its
-- conversations' links may be the very person the suspension stops, so they close for the finder (reading and
-- writing) and the household, whose answers nobody should read, until the medal is resumed. An owner who
-- suspends their own medal (lost, or in a stranger's hands) still wants to hear from the finder already
-- helping them: their conversations go on, and only a new finder is stopped at the scan page.
create or replace function private.conversation_state(p_conversation public.conversations) returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p_conversation.id is null then 'not_found'
    when exists (
      select 1 from public.codes c where c.id = p_conversation.code_id and c.suspended_by = 'operator'
    ) then 'suspended'
    when p_conversation.blocked_at is not null then 'blocked'
    when p_conversation.last_message_at < now() - interval '30 days' then 'expired'
    else 'open'
  end
$$;
revoke all on function private.conversation_state(public.conversations) from public, anon, authenticated;

-- A refusal of the household's conversation RPCs: {success false, reason, error} in French.
create or replace function private.conversation_refusal(p_reason text) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('success', false, 'reason', p_reason, 'error', case p_reason
    when 'session_expired' then 'Votre session a expiré. Reconnectez-vous.'
    when 'not_found' then 'Cette conversation est introuvable.'
    when 'not_allowed' then 'Seuls le propriétaire et les co-propriétaires peuvent bloquer cet interlocuteur.'
    when 'blocked' then 'Vous avez bloqué cet interlocuteur : la conversation est close.'
    when 'expired' then 'Cette conversation a expiré : 30 jours sans message.'
    when 'suspended' then 'Cette médaille a été suspendue par le support : la conversation est close.'
    when 'body_invalid' then 'Écrivez une réponse de 1 000 caractères au plus.'
    when 'rate_limited' then 'Trop de réponses en peu de temps. Réessayez dans une heure.'
    else 'Une erreur inattendue est survenue.' end)
$$;
revoke all on function private.conversation_refusal(text) from public, anon, authenticated;

-- The finder deletes one of their own messages through their link (blocked or not, until it expires, and not
-- while an operator has suspended the medal: what was said stays for the operator to see). Answers {status}
-- and, once deleted, its photo's path for the caller to remove the file.
create or replace function public.delete_finder_conversation_message(p_token text, p_message_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_conversation public.conversations;
  v_photo text;
begin
  select * into v_conversation from public.conversations where p_token in (token, mail_token);
  if private.conversation_state(v_conversation) in ('not_found', 'expired', 'suspended') then
    return jsonb_build_object('status', private.conversation_state(v_conversation));
  end if;
  delete from public.finder_messages where id = p_message_id and conversation_id = v_conversation.id
  returning photo_path into v_photo;
  if not found then
    return jsonb_build_object('status', 'message_not_found');
  end if;
  return jsonb_build_object('status', 'deleted', 'photo_path', v_photo);
end
$$;
revoke all on function public.delete_finder_conversation_message(text, uuid) from public, anon, authenticated;

-- Phones in E.164 (issue 48): a finder's call, SMS and WhatsApp dial the number the owner meant. The portal
-- saves each phone field in E.164 (libphonenumber-js); the database does so too for the common forms, on every
-- write (schemas/animals.sql) and, once, for the rows saved before.

-- A phone as the portal saves it (@medaille/domain's e164Phone, with libphonenumber-js): the number its owner
-- meant, in E.164, France by default (issue 48: '+33 (0)6 12 34 56 78' was called as +330612345678). Here, for
-- what reaches the table another way (the API called directly) and for the rows saved before: their common
-- forms ('06 12 34 56 78', '+33 (0)6 12 34 56 78', '+33 06 …', '0033 6 …', '+44 20 7946 0958'); anything else
-- is left as it is, and the finder's page links it as before.
create function private.phone_e164(p_phone text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text := btrim(p_phone);
  v_digits text;
  v_number text;
begin
  if v_text is null or v_text !~ '^\+?[0-9[:space:]./()-]+$' then
    return p_phone;
  end if;
  -- After an international prefix, '(0)' is the trunk prefix, which nobody dials from abroad.
  if v_text ~ '^(\+|00)' then
    v_text := regexp_replace(v_text, '\([[:space:]]*0[[:space:]]*\)', '', 'g');
  end if;
  v_digits := regexp_replace(v_text, '[^0-9]', '', 'g');
  v_number := case
    when v_text like '+%' then '+' || v_digits
    when v_digits like '00%' then '+' || substr(v_digits, 3)
    when v_digits ~ '^0[1-9][0-9]{8}$' then '+33' || substr(v_digits, 2)
  end;
  -- France's trunk 0 written after its country code ('+33 06 …').
  v_number := regexp_replace(v_number, '^\+330([1-9][0-9]{8})$', '+33\1');
  if v_number ~ '^\+33[1-9][0-9]{8}$' or (v_number !~ '^\+33' and v_number ~ '^\+[1-9][0-9]{6,14}$') then
    return v_number;
  end if;
  return p_phone;
end
$$;
revoke all on function private.phone_e164(text) from public, anon, authenticated;

create function private.store_phones_e164() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.telephone_proprietaire := private.phone_e164(new.telephone_proprietaire);
  new.public_phone := private.phone_e164(new.public_phone);
  new.second_contact_phone := private.phone_e164(new.second_contact_phone);
  return new;
end
$$;
revoke all on function private.store_phones_e164() from public, anon, authenticated;

-- After animals_keeper_changes_lost_mode_only (triggers run by name): a keeper's update is judged as sent.
create trigger animals_phones_e164
  before insert or update of telephone_proprietaire, public_phone, second_contact_phone on public.animals
  for each row execute function private.store_phones_e164();

-- The rows saved before, in E.164 where their form is a common one. Their date of modification stays: nobody
-- edited them (nor does a history event come of it: no one is signed in here).
alter table public.animals disable trigger animals_touch_date_modification;
update public.animals set
  telephone_proprietaire = private.phone_e164(telephone_proprietaire),
  public_phone = private.phone_e164(public_phone),
  second_contact_phone = private.phone_e164(second_contact_phone)
where private.phone_e164(telephone_proprietaire) is distinct from telephone_proprietaire
  or private.phone_e164(public_phone) is distinct from public_phone
  or private.phone_e164(second_contact_phone) is distinct from second_contact_phone;
alter table public.animals enable trigger animals_touch_date_modification;

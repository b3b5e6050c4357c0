-- A new order of an animal's photos in one transaction (DESIGN D10): two owners' devices reordering at
-- once end with one of their orders, never a mix, and a browser that dies midway changes nothing.
-- Security invoker: row level security decides, as for the one-photo-at-a-time updates it replaces.
create function public.reorder_animal_photos(p_animal_id uuid, p_photo_ids uuid[]) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- Orders of one animal queue here; someone else's animal is invisible, hence not found.
  perform 1 from public.animals where id = p_animal_id for update;
  if not found then
    raise sqlstate 'PT404' using message = 'Animal introuvable.';
  end if;
  if (select array_agg(p.id order by p.id) from public.animal_photos p where p.animal_id = p_animal_id)
     is distinct from (select array_agg(x order by x) from unnest(p_photo_ids) x) then
    raise sqlstate 'PT409' using message = 'La liste des photos a changé. Rechargez la page.';
  end if;
  update public.animal_photos p set position = o.ordinality - 1
  from unnest(p_photo_ids) with ordinality o(id, ordinality)
  where p.id = o.id and p.animal_id = p_animal_id and p.position is distinct from o.ordinality - 1;
end
$$;

revoke all on function public.reorder_animal_photos(uuid, uuid[]) from public, anon;
grant execute on function public.reorder_animal_photos(uuid, uuid[]) to authenticated;

-- A deleted account's token, valid up to an hour more, saves no device: 401 like no token, where the foreign key
-- to auth.users answered 500.
create or replace function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text) returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_id uuid;
begin
  if v_user is null or not exists (select 1 from auth.users u where u.id = v_user) then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
  values (v_user, p_endpoint, p_p256dh, p_auth)
  on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
    where push_subscriptions.user_id = excluded.user_id
      or (push_subscriptions.p256dh = excluded.p256dh and push_subscriptions.auth = excluded.auth)
  returning id into v_id;
  if v_id is null then
    return null;
  end if;
  delete from public.push_subscriptions s
  where s.user_id = v_user and s.id in (
    select o.id from public.push_subscriptions o where o.user_id = v_user order by o.created_at desc offset 10
  );
  return v_id;
end
$$;

-- Finders stay unknown to owners: owners read where and when a finder shared a position or opened the lost animal's
-- page, never what stands for the finder. client_hash (the finders' functions' keyed hash of the address, for
-- rate limits and one opening per visit: DESIGN D9) and user_agent (the finder's browser) stay the server's.
-- Column grants, as PostgREST applies them: naming such a column, or select=* (which names them all), is
-- refused with 42501 (HTTP 403). The portal names its columns. tests/database/security-rules.test.ts lists
-- every column an owner may read, so that a column added later is decided there.
revoke select on public.scan_events, public.profile_views from authenticated;
grant select (id, animal_id, code_id, lat, lon, accuracy_m, created_at) on public.scan_events to authenticated;
grant select (id, animal_id, code_id, created_at) on public.profile_views to authenticated;

-- The hashes stored so far were SHA-256 of a public value (the project's URL, unless CLIENT_HASH_SALT was set)
-- and the address, so whoever reads them can find the address. The functions' new keyed hashes never equal
-- them, so they no longer serve any limit either: they go.
update public.scan_events set client_hash = null where client_hash is not null;
update public.profile_views set client_hash = null where client_hash is not null;

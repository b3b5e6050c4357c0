-- Data only: `pnpm db:diff deliver_outbox` found supabase/schemas and supabase/migrations agreeing (the rename
-- changes no object), so this file holds the hand-written data change alone.
-- The function that delivers what waits in the outboxes (e-mails, pushes, notices) was deliver-mail: it is now
-- named for what it does, and its schedule's row in private.schedule_runs with it (schemas/operator_functions.sql).

update private.schedule_runs set name = 'deliver-outbox' where name = 'deliver-mail';

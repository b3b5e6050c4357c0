-- The local stack's own objects, which hosted Supabase does not have: the mailbox that catches every
-- e-mail the product sends. Idempotent.
create schema if not exists local_stack;
revoke all on schema local_stack from public;

create table if not exists local_stack.mailbox (
  id uuid primary key default gen_random_uuid(),
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  links text[] not null default '{}',
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists mailbox_recipient_idx on local_stack.mailbox (lower(recipient), created_at desc);

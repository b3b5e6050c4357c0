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
-- The Idempotency-Key the mail was sent with: a second mail with the same key is not stored (Resend's rule).
alter table local_stack.mailbox add column if not exists idempotency_key text unique;
-- The mail's own headers, {name: value} (a finder's e-mail's List-Unsubscribe, as Resend takes them).
alter table local_stack.mailbox add column if not exists headers jsonb not null default '{}';
create index if not exists mailbox_recipient_idx on local_stack.mailbox (lower(recipient), created_at desc);

-- The codes that auth e-mails offer, apart from their links. GoTrue derives a link's token from the code
-- (sha224(email + code)), so anyone who knows an address can try every code through links, which no
-- per-address count sees. Here a link carries a random token of its own (in auth.users, where GoTrue keeps
-- it), and the code is only ever checked with its address, against this row, which counts every attempt.
create table if not exists local_stack.one_time_codes (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('confirmation', 'recovery')),
  code_hash text not null,
  attempts int not null default 0,
  primary key (user_id, kind)
);

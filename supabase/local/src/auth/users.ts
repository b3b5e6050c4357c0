// GoTrue's account records: users, identities, one-time tokens, sessions and rotating refresh tokens,
// in GoTrue's own tables (auth.*). The auth API works as the database owner, as GoTrue does.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Queryable } from '../database/index.ts';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_token_current: string | null;
  phone_change: string | null;
  phone_change_token: string | null;
  reauthentication_token: string | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  confirmed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : undefined);

/** The user object of GoTrue's API (omitempty fields left out when null). */
export async function userJson(db: Queryable, user: UserRow) {
  const identities = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at',
    [user.id],
  );
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    ...(user.email_confirmed_at ? { email_confirmed_at: iso(user.email_confirmed_at) } : {}),
    phone: '',
    ...(user.confirmation_sent_at ? { confirmation_sent_at: iso(user.confirmation_sent_at) } : {}),
    ...(user.confirmed_at ? { confirmed_at: iso(user.confirmed_at) } : {}),
    ...(user.recovery_sent_at ? { recovery_sent_at: iso(user.recovery_sent_at) } : {}),
    ...(user.last_sign_in_at ? { last_sign_in_at: iso(user.last_sign_in_at) } : {}),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.rows.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

export type UserJson = Awaited<ReturnType<typeof userJson>>;

/** Text columns GoTrue reads into Go strings: a NULL in one of them makes every read of the user fail. */
const GOTRUE_STRING_COLUMNS = [
  'confirmation_token',
  'recovery_token',
  'email_change_token_new',
  'email_change',
  'email_change_token_current',
  'phone_change',
  'phone_change_token',
  'reauthentication_token',
] as const;

/** Thrown for a user row GoTrue could not read: answered 500, as GoTrue does. */
export class UnreadableUserError extends Error {}

/** A user row as GoTrue reads it, so that a seed or script leaving NULLs fails here as it would there. */
function readable(row: UserRow | undefined): UserRow | undefined {
  const nullColumn = row && GOTRUE_STRING_COLUMNS.find((column) => row[column] === null);
  if (nullColumn) {
    throw new UnreadableUserError(
      `Database error querying schema: auth.users.${nullColumn} is NULL for ${row.email} (GoTrue cannot read it)`,
    );
  }
  return row;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const result = await db.query<UserRow>('select * from auth.users where lower(email) = lower($1)', [email]);
  return readable(result.rows[0]);
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const result = await db.query<UserRow>('select * from auth.users where id = $1', [id]);
  return readable(result.rows[0]);
}

/** A new password's bcrypt hash, at the project's cost (`passwordHashCost`). */
export const hashPassword = (password: string, cost: number) => bcrypt.hash(password, cost);

/**
 * Checked when there is no hash to check, so that an unknown address takes as long as a wrong password: one per
 * cost, made once, asynchronously (a synchronous hash would hold every other request meanwhile).
 */
const noAccountHashes = new Map<number, Promise<string>>();
function noAccountHash(cost: number): Promise<string> {
  let hash = noAccountHashes.get(cost);
  if (!hash) {
    hash = bcrypt.hash(randomUUID(), cost);
    noAccountHashes.set(cost, hash);
  }
  return hash;
}

/** Whether `password` matches `hash` (checked at the cost written in it); `cost`: that of the project's hashes. */
export async function checkPassword(password: string, hash: string | null | undefined, cost: number): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash || (await noAccountHash(cost)));
  return matches && Boolean(hash);
}

/** Creates an unconfirmed e-mail account and its e-mail identity. */
export async function createUser(
  db: Queryable,
  email: string,
  passwordHash: string,
  data: Record<string, unknown>,
): Promise<UserRow> {
  const id = randomUUID();
  const identityData = { ...data, sub: id, email, email_verified: false, phone_verified: false };
  const user = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
                             raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new,
                             email_change, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
             '{"provider": "email", "providers": ["email"]}', $4, '', '', '', '', now(), now())
     returning *`,
    [id, email, passwordHash, JSON.stringify(identityData)],
  );
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, $2, 'email', now(), now())`,
    [id, JSON.stringify(identityData)],
  );
  return user.rows[0] as UserRow;
}

/** An unconfirmed account signed up again: the newest sign-up's password and metadata replace the old. */
export async function replacePendingSignUp(
  db: Queryable,
  userId: string,
  passwordHash: string,
  data: Record<string, unknown>,
): Promise<void> {
  await db.query(
    `update auth.users set encrypted_password = $1, raw_user_meta_data = raw_user_meta_data || $2::jsonb,
       updated_at = now()
     where id = $3 and email_confirmed_at is null`,
    [passwordHash, JSON.stringify(data), userId],
  );
}

/**
 * What an auth e-mail carries: a code of `length` digits, and its link's token, random and independent of
 * the code (GoTrue makes it hex(sha224(email + code)), which lets anyone who knows the address try codes
 * through links). The code is kept only as that hash.
 */
export function oneTimeToken(email: string, length: number) {
  const code = Array.from({ length }, () => randomInt(0, 10)).join('');
  return { code, codeHash: tokenHash(email, code), linkToken: randomBytes(28).toString('hex') };
}

export const tokenHash = (email: string, code: string) =>
  createHash('sha224')
    .update(email.toLowerCase() + code)
    .digest('hex');

export async function confirmEmail(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}', updated_at = now()
     where id = $1`,
    [userId],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

const REFRESH_TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const REFRESH_TOKEN_FORMAT = /^[a-z0-9]{12}$/;

function newRefreshToken(): string {
  return Array.from({ length: 12 }, () => REFRESH_TOKEN_ALPHABET[randomInt(0, REFRESH_TOKEN_ALPHABET.length)]).join('');
}

export async function createSession(db: Queryable, userId: string, userAgent: string | undefined) {
  const sessionId = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, user_agent) values ($1, $2, now(), now(), $3)`,
    [sessionId, userId, userAgent ?? null],
  );
  const refreshToken = await insertRefreshToken(db, userId, sessionId, null);
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  return { sessionId, refreshToken };
}

export async function insertRefreshToken(db: Queryable, userId: string, sessionId: string, parent: string | null) {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

export interface RefreshTokenRow {
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Queryable } from '../src/database/index.ts';
import { followLink, newEmail, startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
beforeAll(async () => {
  // Passwords hashed at hosted GoTrue's cost, which the test of the hash's cost below reads (other test stacks
  // use bcrypt's least, as GoTrue's own tests do).
  stack = await startTestStack({ refreshReuseSeconds: 0, passwordHashCost: 10 });
});
afterAll(() => stack?.close());

const redirectTo = 'http://127.0.0.1:3000/auth/callback';

describe('sign-up with e-mail confirmation', () => {
  it('creates an unconfirmed user, no session, and mails a confirmation link to /auth/callback', async () => {
    const email = newEmail('signup');
    const { data, error } = await stack.client().auth.signUp({
      email,
      password: 'mot-de-passe-1',
      options: { emailRedirectTo: redirectTo },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, role: 'authenticated', aud: 'authenticated' });
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const mail = await stack.lastMail(email);
    expect(mail.subject).toBe('Confirmez votre inscription à Médaille');
    const pressed = await stack.pressLink(mail.links[0] as string);
    expect(pressed.status).toBe(200);
    expect(pressed.next).toBe(redirectTo);
    expect(pressed.type).toBe('signup');

    // The session the link's button gets is a real one: the user behind it is now confirmed.
    const { data: user } = await stack.client().auth.getUser(pressed.session?.access_token as string);
    expect(user.user?.email).toBe(email);
    expect(user.user?.email_confirmed_at).toBeTruthy();
  });

  it("links to the site's page, which a GET (a mail scanner) cannot spend; its button's POST /verify can", async () => {
    const email = newEmail('scanned');
    await stack.client().auth.signUp({ email, password: 'mot-de-passe-1', options: { emailRedirectTo: redirectTo } });
    const link = (await stack.lastMail(email)).links[0] as string;
    expect(new URL(link).pathname).toBe('/auth/confirm');
    // What a scanner does: it opens the link, and whatever the stack serves at that address.
    await fetch(link, { redirect: 'manual' }).catch(() => null);
    await fetch(`${stack.url}${new URL(link).pathname}${new URL(link).search}`, { redirect: 'manual' });
    const unconfirmed = await stack.client().auth.signInWithPassword({ email, password: 'mot-de-passe-1' });
    expect(unconfirmed.error?.code).toBe('email_not_confirmed');

    // GoTrue's rule (internal/api/verify.go, VerifyParams.Validate): a token hash comes with its type alone.
    const query = new URL(link).searchParams;
    const verify = (body: Record<string, unknown>) =>
      fetch(`${stack.url}/auth/v1/verify`, {
        method: 'POST',
        headers: { apikey: stack.frontEndKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const withEmail = await verify({ token_hash: query.get('token_hash'), type: 'signup', email });
    expect(withEmail.status).toBe(400);
    expect(await withEmail.json()).toMatchObject({ error_code: 'validation_failed' });

    // The person's own press of the button: supabase-js's verifyOtp with the link's token hash and type.
    const pressing = stack.client();
    const { data, error } = await pressing.auth.verifyOtp({
      token_hash: query.get('token_hash') as string,
      type: query.get('type') as 'signup',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.session?.access_token).toBeTruthy();
  });

  it('refuses password sign-in until the address is confirmed', async () => {
    const email = newEmail('unconfirmed');
    await stack.client().auth.signUp({ email, password: 'mot-de-passe-1' });
    const { error } = await stack.client().auth.signInWithPassword({ email, password: 'mot-de-passe-1' });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('answers a sign-up for a confirmed address with a user without identities, and mails nothing', async () => {
    const owner = await stack.signedInOwner('existing');
    const before = await stack.lastMail(owner.email);
    const { data, error } = await stack.client().auth.signUp({ email: owner.email, password: 'autre-mot-de-passe-2' });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe(owner.userId);
    expect((await stack.lastMail(owner.email)).text).toBe(before.text);
  });

  it('refuses a password without both letters and digits (password_requirements = "letters_digits")', async () => {
    for (const password of ['12345678', '        ', 'motdepasse']) {
      const weak = await stack.client().auth.signUp({ email: newEmail('weak'), password });
      expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
      expect(weak.error).toMatchObject({
        status: 422,
        code: 'weak_password',
        reasons: ['characters'],
        // GoTrue's words (checkPasswordStrength), the Supabase CLI's two sets for letters_digits.
        message:
          'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
      });
    }
    const both = await stack.client().auth.signUp({ email: newEmail('weak'), password: '1234567' });
    expect(both.error).toMatchObject({ status: 422, reasons: ['length', 'characters'] });
    const owner = await stack.signedInOwner('weak');
    const update = await owner.client.auth.updateUser({ password: 'seulement-des-lettres' });
    expect(update.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['characters'] });
  });

  it('refuses a password under 8 characters as weak, and a malformed address', async () => {
    const weak = await stack.client().auth.signUp({ email: newEmail('weak'), password: 'abc1234' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    const malformed = await stack.client().auth.signUp({ email: 'pas-une-adresse', password: 'mot-de-passe-1' });
    expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('sends a spent or unknown link back with otp_expired', async () => {
    const email = newEmail('twice');
    await stack.client().auth.signUp({ email, password: 'mot-de-passe-1' });
    const link = (await stack.lastMail(email)).links[0] as string;
    expect((await stack.pressLink(link)).session?.access_token).toBeTruthy();
    const again = await stack.pressLink(link);
    expect(again.status).toBe(403);
    expect(again.errorCode).toBe('otp_expired');
    expect(again.session).toBeNull();
    // GoTrue's GET /verify, which the e-mails no longer link to, sends it back the same.
    const followed = await followLink(stack.verifyLink(link));
    expect(followed.status).toBe(303);
    expect(followed.params.get('error_code')).toBe('otp_expired');
  });
});

describe('password sign-in', () => {
  it('gives a session whose token carries the user, role and session', async () => {
    const owner = await stack.signedInOwner('signin');
    const { data } = await owner.client.auth.getSession();
    const session = data.session;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    const claims = JSON.parse(Buffer.from(session?.access_token.split('.')[1] as string, 'base64url').toString());
    expect(claims).toMatchObject({
      sub: owner.userId,
      role: 'authenticated',
      aud: 'authenticated',
      email: owner.email,
    });
    expect(claims.session_id).toBeTruthy();
    const user = await owner.client.auth.getUser();
    expect(user.data.user?.id).toBe(owner.userId);
  });

  it('says "Invalid login credentials" for a wrong password and for an unknown address alike', async () => {
    const owner = await stack.signedInOwner('wrong');
    for (const attempt of [
      { email: owner.email, password: 'pas-le-bon' },
      { email: newEmail('nobody'), password: 'mot-de-passe-1' },
    ]) {
      const { error } = await stack.client().auth.signInWithPassword(attempt);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('stores the password as GoTrue does: bcrypt at cost 10 (its DefaultCost), or bcrypt’s least (4) for tests', async () => {
    expect(loadConfig({}).passwordHashCost).toBe(10);
    expect(loadConfig({ PASSWORD_HASH_COST: '4' }).passwordHashCost).toBe(4);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '3' })).toThrow(/PASSWORD_HASH_COST/);
    const quick = await startTestStack();
    try {
      for (const [onStack, cost] of [
        [stack, '10'],
        [quick, '04'],
      ] as const) {
        const owner = await onStack.signedInOwner('hash');
        const { rows } = await onStack.db.query<{ hash: string }>(
          'select encrypted_password as hash from auth.users where id = $1',
          [owner.userId],
        );
        expect(rows[0]?.hash).toMatch(new RegExp(`^\\$2[ab]\\$${cost}\\$`));
      }
    } finally {
      await quick.close();
    }
  });

  it('does the same work for an unknown address as for a wrong password: one bcrypt check at the same cost', async () => {
    const owner = await stack.signedInOwner('timing');
    // What a sign-in's time is made of, counted rather than timed: the bcrypt checks (the costly part: some
    // 80 ms each at cost 10) and the SQL statements it runs, each named by its first words.
    const compare = bcrypt.compare;
    const { db } = stack;
    const { query, transaction } = db;
    const work = async (email: string) => {
      const checks: string[] = [];
      const statements: string[] = [];
      const recorded = (target: Queryable): Queryable => ({
        ...target,
        query: (text, params) => {
          statements.push(text.split(/\s+/).slice(0, 4).join(' '));
          return target.query(text, params);
        },
      });
      vi.spyOn(bcrypt, 'compare').mockImplementation(((password: string, hash: string) => {
        checks.push(hash.slice(0, 7)); // '$2b$10$': the algorithm and the cost
        return compare(password, hash);
      }) as typeof bcrypt.compare);
      vi.spyOn(db, 'query').mockImplementation(recorded({ query: query.bind(db), exec: db.exec }).query);
      vi.spyOn(db, 'transaction').mockImplementation((fn) => transaction.call(db, (tx) => fn(recorded(tx))));
      const { error } = await stack.client().auth.signInWithPassword({ email, password: 'pas-le-bon-1' });
      vi.restoreAllMocks();
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
      return { checks, statements };
    };
    const known = await work(owner.email);
    expect(known.checks).toEqual(['$2b$10$']);
    expect(known.statements).toContain('select * from auth.users');
    // Without a hash to check, an unknown address answered 15 times sooner (4.5 against 79 ms).
    expect(await work(newEmail('nobody'))).toEqual(known);
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh gives a new token, and a token used long ago ends the session', async () => {
    const owner = await stack.signedInOwner('refresh');
    const first = (await owner.client.auth.getSession()).data.session?.refresh_token as string;
    const refreshed = await stack.client().auth.refreshSession({ refresh_token: first });
    const second = refreshed.data.session?.refresh_token as string;
    expect(second).toMatch(/^[a-z0-9]{12}$/);
    expect(second).not.toBe(first);

    // Presenting the parent again (a lost answer) gives back its child...
    const lost = await stack.client().auth.refreshSession({ refresh_token: first });
    expect(lost.data.session?.refresh_token).toBe(second);
    // ...but once the child itself was rotated, the grandparent is a replay: the whole family is revoked.
    const third = (await stack.client().auth.refreshSession({ refresh_token: second })).data.session?.refresh_token;
    const replay = await stack.client().auth.refreshSession({ refresh_token: first });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // The revocation is kept (GoTrue commits it before answering): whoever holds the newest token, the
    // owner or the thief, gets nothing more from it.
    const newest = await stack.client().auth.refreshSession({ refresh_token: third as string });
    expect(newest.error).toMatchObject({ status: 403, code: 'session_expired' });
    expect(newest.data.session).toBeNull();
  });

  it('refuses unknown and malformed tokens', async () => {
    const unknown = await stack.client().auth.refreshSession({ refresh_token: 'abcdefghijkl' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const malformed = await stack.client().auth.refreshSession({ refresh_token: 'not a token' });
    expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('magic link', () => {
  it('mails a link that signs a confirmed owner in', async () => {
    const owner = await stack.signedInOwner('magic');
    const { error } = await stack
      .client()
      .auth.signInWithOtp({ email: owner.email, options: { emailRedirectTo: redirectTo } });
    expect(error).toBeNull();
    const mail = await stack.lastMail(owner.email);
    expect(mail.subject).toBe('Votre lien de connexion à Médaille');
    const pressed = await stack.pressLink(mail.links[0] as string);
    expect(pressed.type).toBe('magiclink');
    const { data } = await stack.client().auth.getUser(pressed.session?.access_token as string);
    expect(data.user?.id).toBe(owner.userId);
  });
});

describe('password recovery', () => {
  it('mails a recovery link whose session may set a new password', async () => {
    const owner = await stack.signedInOwner('recover');
    const { error } = await stack.client().auth.resetPasswordForEmail(owner.email, {
      redirectTo: `${redirectTo}?reset=true`,
    });
    expect(error).toBeNull();
    const mail = await stack.lastMail(owner.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Médaille');
    const pressed = await stack.pressLink(mail.links[0] as string);
    expect(pressed.next).toBe(`${redirectTo}?reset=true`);
    expect(pressed.type).toBe('recovery');

    const recovering = stack.client();
    await recovering.auth.setSession(pressed.session as { access_token: string; refresh_token: string });
    const updated = await recovering.auth.updateUser({ password: 'nouveau-mot-de-passe-2' });
    expect(updated.error).toBeNull();

    const oldPassword = await stack.client().auth.signInWithPassword({ email: owner.email, password: owner.password });
    expect(oldPassword.error?.code).toBe('invalid_credentials');
    const newPassword = await stack
      .client()
      .auth.signInWithPassword({ email: owner.email, password: 'nouveau-mot-de-passe-2' });
    expect(newPassword.error).toBeNull();
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const email = newEmail('ghost');
    const { error } = await stack.client().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    const response = await fetch(`${stack.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
    expect(await response.json()).toEqual([]);
  });
});

describe('sign-out', () => {
  it('with local scope ends this session only: its token is refused, another session lives on', async () => {
    const owner = await stack.signedInOwner('signout');
    const other = stack.client();
    await other.auth.signInWithPassword({ email: owner.email, password: owner.password });
    const token = (await owner.client.auth.getSession()).data.session?.access_token as string;

    expect((await owner.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    // GoTrue answers session_not_found, which supabase-js reports as a missing session.
    const { error } = await stack.client().auth.getUser(token);
    expect(error?.name).toBe('AuthSessionMissingError');
    expect((await other.auth.getUser()).data.user?.id).toBe(owner.userId);
  });
});

describe('the gateway', () => {
  it('refuses a request without an API key and one with a forged key', async () => {
    const missing = await fetch(`${stack.url}/auth/v1/settings`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' });
    const forged = await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: `${stack.anonKey}x` } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('answers unknown routes and methods with errors, and reports health', async () => {
    const route = await fetch(`${stack.url}/nowhere`, { headers: { apikey: stack.anonKey } });
    expect(route.status).toBe(404);
    expect(await route.json()).toEqual({ message: 'no Route matched with those values' });
    const method = await fetch(`${stack.url}/rest/v1/animals`, { method: 'PUT', headers: { apikey: stack.anonKey } });
    expect(method.status).toBe(405);
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
  });

  it('shows caught e-mails to a person, with their links', async () => {
    const email = newEmail('mailbox');
    await stack.client().auth.signUp({ email, password: 'mot-de-passe-1' });
    const page = await fetch(`${stack.url}/mailbox?to=${encodeURIComponent(email)}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Confirmez votre inscription à Médaille');
    expect(html).toContain('http://127.0.0.1:3000/auth/confirm?token_hash=');
  });

  it('answers malformed JSON with bad_json and keeps serving', async () => {
    const response = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_json' });
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
  });
});

describe('users written outside the auth service, read as GoTrue reads them', () => {
  it('signs in the seed’s demo owner, whose token columns are empty strings', async () => {
    const { error } = await stack.client().auth.signInWithPassword({
      email: 'demo@medaille.test',
      password: 'medaille-demo',
    });
    expect(error).toBeNull();
  });

  it('fails, as GoTrue does (“Database error querying schema”), for a user whose token columns are NULL', async () => {
    const email = newEmail('careless-seed');
    await stack.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
               (select encrypted_password from auth.users where email = 'demo@medaille.test'), now(), now(), now())`,
      [email],
    );
    const { error } = await stack.client().auth.signInWithPassword({ email, password: 'medaille-demo' });
    expect(error).toMatchObject({ status: 500, message: 'Database error querying schema' });
  });
});

// The auth service as an attacker tries it, each rule named after GoTrue's where it has one.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileGlob, redirectTarget } from '../src/auth/redirects.ts';
import { loadConfig } from '../src/config.ts';
import { fetchFrom, followLink, newClientAddress, startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

const newEmail = (label: string) => `${label}-${crypto.randomUUID()}@test.medaille.fr`;

async function auth(path: string, body: unknown, address: string) {
  const response = await fetchFrom(address)(`${stack.url}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
}

describe('an address signed up again before it is confirmed', () => {
  it('takes the newest password, and only the newest link works (GoTrue keeps the first: safer here)', async () => {
    const email = newEmail('preregistered');
    await stack.client().auth.signUp({ email, password: 'mot-de-passe-attaquant-1' });
    const attackersLink = (await stack.lastMail(email)).links[0] as string;
    await stack.client().auth.signUp({ email, password: 'mot-de-passe-du-vrai-1' });
    const ownersLink = (await stack.lastMail(email)).links[0] as string;
    expect(ownersLink).not.toBe(attackersLink);

    expect((await stack.pressLink(attackersLink)).errorCode).toBe('otp_expired');
    expect((await stack.pressLink(ownersLink)).session?.access_token).toBeTruthy();
    const attacker = await stack.client().auth.signInWithPassword({ email, password: 'mot-de-passe-attaquant-1' });
    expect(attacker.error?.code).toBe('invalid_credentials');
    const owner = await stack.client().auth.signInWithPassword({ email, password: 'mot-de-passe-du-vrai-1' });
    expect(owner.error).toBeNull();
  });
});

describe('redirect URLs, matched as GoTrue matches them (IsRedirectURLValid)', () => {
  const site = 'http://127.0.0.1:3000';
  const allow = [
    'http://localhost:3000/**',
    'https://medaille.example/auth/callback**',
    'https://*.medaille.example/**',
  ];
  const patterns = allow.map(compileGlob);
  const cases: [string, boolean][] = [
    // Same site: scheme, host and port (any port on a loopback host, RFC 8252 §7.3).
    ['http://127.0.0.1:3000/auth/callback?activation=true', true],
    ['http://127.0.0.1:4123/auth/callback', true],
    // An IP address passes only when it is loopback (this machine), whatever its scheme or port.
    ['https://127.0.0.1:3000/auth/callback', true],
    ['http://127.9.9.9:8080/x', true],
    ['http://[::1]:3000/x', true],
    ['http://10.0.0.1:3000/', false],
    ['http://2130706433/', true], // the browser reads it as 127.0.0.1, and so do we
    ['http://3232235777/', false], // 192.168.1.1 written as one number
    // Glob patterns of the allow list, on the parsed URL.
    ['http://localhost:3000/auth/callback?reset=true', true],
    ['http://localhost:3000', true],
    ['https://medaille.example/auth/callback?activation=true', true],
    ['https://app.medaille.example/auth/callback', true],
    ['https://a.b.medaille.example/', false], // `*` stays within one label
    // What a prefix test let through.
    ['http://localhost:3000@evil.example/', false],
    ['http://localhost:3000.evil.example/', false],
    ['https://medaille.example.evil.example/auth/callback', false],
    ['https://medaille.example@evil.example/auth/callback', false],
    ['http://localhost:3000\\@evil.example/', true], // a backslash is a slash to the browser: still localhost
    ['https://evil.example/?https://medaille.example/auth/callback', false],
    ['https://evil.example/#https://medaille.example/auth/callback', false],
    ['javascript:alert(1)//http://localhost:3000/', false],
    ['//evil.example/', false],
    ['https://évil.example/', false],
    ['not a url', false],
  ];
  it.each(cases)('%s → %s', (wanted, allowed) => {
    const target = redirectTarget(wanted, site, patterns);
    if (allowed) expect(target).toBe(new URL(wanted).href);
    else expect(target).toBe(site);
  });

  it('sends the site URL, never the attacker’s, in a link asked for with a hostile redirect', async () => {
    const email = newEmail('redirect');
    await stack.client().auth.signUp({
      email,
      password: 'mot-de-passe-1',
      options: { emailRedirectTo: 'http://localhost:3000@evil.example/' },
    });
    const { next } = await stack.pressLink((await stack.lastMail(email)).links[0] as string);
    expect(new URL(next).host).toBe(new URL(stack.url.replace(/:\d+$/, ':3000')).host);
    expect(next).not.toContain('evil.example');
  });
});

/** The code an e-mail offers ('Ou saisissez ce code : …'), as an owner reads it. */
async function codeIn(email: string) {
  return /saisissez ce code : (\d+)/.exec((await stack.lastMail(email)).text)?.[1] as string;
}

/** A wrong code of the same length as `code`, the n-th of a guesser's list. */
const wrongCode = (code: string, n: number) =>
  String((Number(code) + 1 + n) % 10 ** code.length).padStart(code.length, '0');

describe('the e-mail code', () => {
  it('cannot be tried through a link: its token is random, not sha224(email + code) as GoTrue makes it', async () => {
    const owner = await stack.signedInOwner('linkguess');
    await stack.client().auth.resetPasswordForEmail(owner.email);
    const code = await codeIn(owner.email);
    const mailed = (await stack.lastMail(owner.email)).links[0] as string;
    // Anyone who knows the address can compute GoTrue's token_hash of every code; even the right code's is refused.
    const guesses = [wrongCode(code, 0), wrongCode(code, 1), code].map((guess) =>
      createHash('sha224').update(`${owner.email}${guess}`).digest('hex'),
    );
    for (const guess of guesses) {
      const posted = await auth('verify', { type: 'recovery', token_hash: guess }, newClientAddress());
      expect(posted).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
      const link = new URL(stack.verifyLink(mailed));
      link.searchParams.set('token', guess);
      expect((await followLink(link.href)).params.get('error_code')).toBe('otp_expired');
    }
    // The link itself still works, once.
    expect((await stack.pressLink(mailed)).session?.access_token).toBeTruthy();
    expect((await stack.pressLink(mailed)).errorCode).toBe('otp_expired');
  });

  it('is as long as otp_length says and lives otp_expiry, at most an hour (config.toml)', async () => {
    const owner = await stack.signedInOwner('length');
    await stack.client().auth.signInWithOtp({ email: owner.email });
    const { otpLength, otpExpirySeconds } = loadConfig({});
    expect(otpLength).toBe(10);
    expect((await codeIn(owner.email)).length).toBe(otpLength);
    expect(otpExpirySeconds).toBeLessThanOrEqual(3600);
  });

  it('takes at most 5 tries in all, even sent at once from 20 addresses', async () => {
    const owner = await stack.signedInOwner('parallel');
    await stack.client().auth.signInWithOtp({ email: owner.email });
    const code = await codeIn(owner.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        auth('verify', { type: 'email', email: owner.email, token: wrongCode(code, n) }, newClientAddress()),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(403));
    const right = await auth('verify', { type: 'email', email: owner.email, token: code }, newClientAddress());
    expect(right).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
    // The stranger spent the code, not the e-mail: its link still signs the owner in.
    const link = (await stack.lastMail(owner.email)).links[0] as string;
    expect((await stack.pressLink(link)).session?.access_token).toBeTruthy();
  });

  it('gives one session for two right codes sent at once', async () => {
    const owner = await stack.signedInOwner('twice');
    await stack.client().auth.signInWithOtp({ email: owner.email });
    const code = await codeIn(owner.email);
    const answers = await Promise.all(
      [1, 2].map(() => auth('verify', { type: 'email', email: owner.email, token: code }, newClientAddress())),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
  });

  it('is spent after 5 wrong guesses for an address, even by the right code after them', async () => {
    const owner = await stack.signedInOwner('guessed');
    await stack.client().auth.signInWithOtp({ email: owner.email });
    const code = await codeIn(owner.email);
    for (let i = 0; i < 5; i += 1) {
      const guess = { type: 'email', email: owner.email, token: wrongCode(code, i) };
      const answer = await auth('verify', guess, newClientAddress());
      expect(answer).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
    }
    const right = await auth('verify', { type: 'email', email: owner.email, token: code }, newClientAddress());
    expect(right).toMatchObject({ status: 403, body: { code: 'otp_expired' } });

    // A new e-mail brings a new code, which works.
    await stack.client().auth.signInWithOtp({ email: owner.email });
    const fresh = await codeIn(owner.email);
    expect((await auth('verify', { type: 'email', email: owner.email, token: fresh }, newClientAddress())).status).toBe(
      200,
    );
  });

  it('takes 30 verifications per client address in 5 minutes, then 429 (token_verifications)', async () => {
    const address = newClientAddress();
    const statuses = [];
    for (let i = 0; i < 31; i += 1) {
      const email = newEmail('walk');
      statuses.push((await auth('verify', { type: 'email', email, token: '000000' }, address)).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(403));
    expect(statuses[30]).toBe(429);
    const limited = await auth('verify', { type: 'email', email: newEmail('x'), token: '1' }, address);
    expect(limited.body).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
  });
});

describe('e-mails and sign-ins per client address (sign_in_sign_ups: 30 per 5 minutes)', () => {
  it('sends no more than 30 one-time-link e-mails to 31 addresses from one client', async () => {
    const address = newClientAddress();
    const emails = Array.from({ length: 31 }, () => newEmail('otp-spray'));
    const statuses = [];
    for (const email of emails) statuses.push((await auth('otp', { email }, address)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
    const last = await fetch(`${stack.url}/mailbox/api/messages?to=${encodeURIComponent(emails[30] as string)}`);
    expect(await last.json()).toEqual([]);
    // Another client is not held back by the first.
    expect((await auth('otp', { email: newEmail('other') }, newClientAddress())).status).toBe(200);
  });

  it('limits sign-ups, password sign-ins and recoveries together, whatever headers the client forges', async () => {
    const address = newClientAddress();
    const statuses = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await fetchFrom(address)(
        `${stack.url}/auth/v1/${['signup', 'recover', 'token?grant_type=password'][i % 3]}`,
        {
          method: 'POST',
          headers: {
            apikey: stack.anonKey,
            'content-type': 'application/json',
            'x-forwarded-for': `203.0.113.${i}`,
            'cf-connecting-ip': `203.0.113.${i}`,
          },
          body: JSON.stringify({ email: newEmail('spray'), password: 'mot-de-passe-1' }),
        },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status !== 429)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('a refresh-token family revoked for reuse (GoTrue: RefreshTokenReuseInterval, RevokeTokenFamily)', () => {
  /** A session rotated three times, as an owner's browser does: a1 to a3 are spent, a4 is the one in use. */
  async function rotated(label: string) {
    const owner = await stack.signedInOwner(label);
    const tokens = [(await owner.client.auth.getSession()).data.session?.refresh_token as string];
    for (let i = 0; i < 3; i += 1) {
      const next = await stack.client().auth.refreshSession({ refresh_token: tokens[i] as string });
      tokens.push(next.data.session?.refresh_token as string);
    }
    expect(new Set(tokens).size).toBe(4);
    return tokens as [string, string, string, string];
  }

  /** `seconds` pass for the family's tokens: their rotation or revocation happened that much earlier. */
  async function later(token: string, seconds: number) {
    await stack.db.query(
      `update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => $2)
        where session_id = (select session_id from auth.refresh_tokens where token = $1)`,
      [token, seconds],
    );
  }

  const refresh = (token: string) => stack.client(newClientAddress()).auth.refreshSession({ refresh_token: token });

  it('a thief holding two spent tokens gets nothing from the second, at once or 20 s after the detection', async () => {
    const [a1, a2, a3, a4] = await rotated('family-two');
    await later(a1, 20);
    const detected = await refresh(a2);
    expect(detected.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // The revocation used to stamp every token of the family as revoked just now, so that the reuse interval
    // took each of them for a token rotated a moment ago, and a1 at once gave a new session.
    for (const token of [a1, a2, a3, a4]) {
      expect((await refresh(token)).data.session).toBeNull();
    }
    await later(a1, 20);
    for (const token of [a1, a2, a3, a4]) {
      expect((await refresh(token)).data.session).toBeNull();
    }
  });

  it('a token refreshed 2 s after the detection gives nothing, the newest one included (one step beyond GoTrue)', async () => {
    const [a1, a2, a3, a4] = await rotated('family-soon');
    await later(a1, 20);
    expect((await refresh(a2)).error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    await later(a1, 2);
    expect((await refresh(a3)).data.session).toBeNull();
    // GoTrue stamps the token that was in use when the reuse was seen, and takes it for 10 s more; here the
    // session itself ends (its not_after), so nothing of that family ever gives a session again.
    const newest = await refresh(a4);
    expect(newest.data.session).toBeNull();
    expect(newest.error).toMatchObject({ status: 403, code: 'session_expired' });
  });
});

// The project's hourly budget of auth e-mails, as GoTrue applies RATE_LIMIT_EMAIL_SENT (config.toml's
// [auth.rate_limit] email_sent): one count for the whole project, whoever asks and whoever the e-mail is for,
// over fixed hours counted from the server's start (internal/ratelimit IntervalLimiter); over it, sign-up,
// magic link and recovery answer 429 over_email_send_rate_limit 'email rate limit exceeded' (internal/api/mail.go)
// and nothing is sent or kept.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { fetchFrom, newClientAddress, newEmail, startTestStack, type TestStack } from '../src/testing.ts';

const PER_HOUR = 3;
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ emailSentPerHour: PER_HOUR });
});
afterAll(() => stack?.close());

/** An auth request from a client of its own, so that no per-address limit is what stops it. */
async function ask(path: string, body: Record<string, unknown>) {
  const response = await fetchFrom(newClientAddress())(`${stack.url}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the project's e-mails per hour (email_sent)", () => {
  it('are counted for the whole project: the next e-mail of the hour is refused, to anyone, and nothing is kept', async () => {
    const HOUR = 3600_000;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const signedUp = newEmail('budget');
      const sent = [
        await ask('signup', { email: signedUp, password: 'mot-de-passe-1' }),
        await ask('otp', { email: newEmail('budget') }),
        await ask('recover', { email: signedUp }),
      ];
      expect(sent.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const late = newEmail('budget');
      const refused = await ask('signup', { email: late, password: 'mot-de-passe-1' });
      expect(refused).toEqual({
        status: 429,
        body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
      });
      expect((await ask('otp', { email: newEmail('budget') })).status).toBe(429);
      expect(await stack.mails(late)).toEqual([]);
      const kept = await stack.db.query('select 1 from auth.users where email = $1', [late]);
      expect(kept.rows).toEqual([]);
      // The next hour has its own e-mails.
      vi.setSystemTime(Date.now() + HOUR);
      expect((await ask('signup', { email: late, password: 'mot-de-passe-1' })).status).toBe(200);
      expect(await stack.mails(late)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("config.toml's email_sent", () => {
  it('is the budget of a stack started from it, and RATE_LIMIT_EMAIL_SENT overrides it', () => {
    expect(loadConfig({}).emailSentPerHour).toBe(30);
    expect(loadConfig({ RATE_LIMIT_EMAIL_SENT: '2' }).emailSentPerHour).toBe(2);
  });
});

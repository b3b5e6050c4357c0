// GoTrue's limits on e-mail accounts: requests per client address (its per-IP limiters, named as the
// Supabase CLI's [auth.rate_limit]: sign_in_sign_ups, token_verifications, token_refresh, each per 5
// minutes), the e-mails of the whole project per hour (email_sent), and the tries an e-mail's code takes
// before it is spent.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { StackConfig } from '../config.ts';

const WINDOW_SECONDS = 300;
const HOUR_MS = 3600_000;
/** Tries of an e-mail's code, from all clients together, before it is spent and a new e-mail is needed. */
export const OTP_MAX_ATTEMPTS = 5;

export type AuthLimit = 'signInSignUps' | 'tokenVerifications' | 'tokenRefresh';

export function authLimiters(config: StackConfig) {
  const perClient = Object.fromEntries(
    Object.entries(config.authRateLimits).map(([name, points]) => [
      name,
      new RateLimiterMemory({ points, duration: WINDOW_SECONDS }),
    ]),
  ) as Record<AuthLimit, RateLimiterMemory>;

  const emailSent = intervalLimiter(config.emailSentPerHour, HOUR_MS);

  return {
    /**
     * Counts one auth e-mail of the project; false once the hour's are spent. GoTrue's RATE_LIMIT_EMAIL_SENT:
     * one limiter for the whole server, whoever asks and whoever the e-mail is for (api/mail.go sendEmail).
     */
    allowEmail: () => emailSent(Date.now()),
    /** Counts one request of a client; false once the client is over the limit. */
    async allow(limit: AuthLimit, clientAddress: string): Promise<boolean> {
      return perClient[limit].consume(clientAddress).then(
        () => true,
        (error: unknown) => {
          if (error instanceof RateLimiterRes) return false;
          throw error;
        },
      );
    },
  };
}

/**
 * GoTrue's IntervalLimiter (internal/ratelimit/interval.go): `events` per fixed interval, the intervals counted
 * from the limiter's creation (the server's start), the count starting again at each new one.
 */
function intervalLimiter(events: number, intervalMs: number) {
  let intervalStart = Date.now();
  let count = 0;
  return (now: number): boolean => {
    const elapsed = Math.floor((now - intervalStart) / intervalMs);
    if (elapsed > 0) {
      intervalStart += elapsed * intervalMs;
      count = 0;
    }
    if (count >= events) return false;
    count += 1;
    return true;
  };
}

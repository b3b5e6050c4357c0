// GoTrue's limits on e-mail accounts: requests per client address (its per-IP limiters, named as the
// Supabase CLI's [auth.rate_limit]: sign_in_sign_ups, token_verifications, token_refresh, each per 5
// minutes), and the tries an e-mail's code takes before it is spent.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { StackConfig } from '../config.ts';

const WINDOW_SECONDS = 300;
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

  return {
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

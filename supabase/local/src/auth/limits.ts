// GoTrue's limits on e-mail accounts: requests per client address (its per-IP limiters, named as the
// Supabase CLI's [auth.rate_limit]: sign_in_sign_ups, token_verifications, token_refresh, each per 5
// minutes), and the wrong one-time codes an address may take before its code is spent.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { StackConfig } from '../config.ts';

const WINDOW_SECONDS = 300;
/** Wrong codes typed for one address before the code is spent and a new e-mail is needed. */
export const OTP_MAX_FAILURES = 5;

export type AuthLimit = 'signInSignUps' | 'tokenVerifications' | 'tokenRefresh';

export function authLimiters(config: StackConfig) {
  const perClient = Object.fromEntries(
    Object.entries(config.authRateLimits).map(([name, points]) => [
      name,
      new RateLimiterMemory({ points, duration: WINDOW_SECONDS }),
    ]),
  ) as Record<AuthLimit, RateLimiterMemory>;
  const otpFailures = new RateLimiterMemory({ points: OTP_MAX_FAILURES, duration: 86_400 });

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
    /** Counts a wrong code for an address; true when it was the last one allowed. */
    async codeSpentByFailure(email: string): Promise<boolean> {
      const result = await otpFailures.consume(email).catch((error: unknown) => {
        if (error instanceof RateLimiterRes) return error;
        throw error;
      });
      return result.remainingPoints === 0;
    },
    /** A new code was sent: the count of wrong ones starts again. */
    newCodeSent: (email: string) => otpFailures.delete(email),
  };
}

import { COPY } from '../../copy.ts';
import { failureText } from '../../ui/server-message.ts';
import { AUTH_COPY } from './copy.ts';

// What the auth service (GoTrue, hosted or the local stack) answers, said in French. Every code the
// portal's calls can meet (sign-up, password sign-in, magic link, recovery, the e-mail links' verify, the
// new password, the resend) has its message; only an unknown code keeps the service's own text.

const text = AUTH_COPY.authErrors;

/** What the portal reads of supabase-js's AuthError, or of an e-mail link's `error_code` in the callback. */
export interface AuthFailure {
  code?: string | null | undefined;
  message: string;
  status?: number | undefined;
  name?: string | undefined;
}

/** The wait GoTrue names in 'For security purposes, you can only request this after 42 seconds.' */
export function secondsToWait(message: string): number | null {
  const match = /(\d+)\s*seconds?/.exec(message);
  return match ? Number(match[1]) : null;
}

const BY_CODE: Record<string, (failure: AuthFailure) => string> = {
  invalid_credentials: () => text.invalidCredentials,
  email_not_confirmed: () => text.emailNotConfirmed,
  user_already_exists: () => text.accountExists,
  email_exists: () => text.accountExists,
  email_address_invalid: () => text.invalidEmail,
  weak_password: () => text.weakPassword,
  same_password: () => text.samePassword,
  validation_failed: () => text.invalidInput,
  bad_json: () => COPY.unexpected,
  over_email_send_rate_limit: ({ message }) => {
    const seconds = secondsToWait(message);
    return seconds === null ? text.emailLimit : text.emailWait(seconds);
  },
  over_request_rate_limit: () => text.requestLimit,
  otp_expired: () => text.linkExpired,
  flow_state_expired: () => text.linkExpired,
  flow_state_not_found: () => text.linkExpired,
  bad_code_verifier: () => text.linkExpired,
  signup_disabled: () => text.signupClosed,
  otp_disabled: () => text.signupClosed,
  email_provider_disabled: () => text.signupClosed,
  provider_disabled: () => text.signupClosed,
  anonymous_provider_disabled: () => text.invalidInput,
  user_banned: () => text.banned,
  session_not_found: () => text.sessionExpired,
  session_expired: () => text.sessionExpired,
  refresh_token_not_found: () => text.sessionExpired,
  refresh_token_already_used: () => text.sessionExpired,
  bad_jwt: () => text.sessionExpired,
  no_authorization: () => text.sessionExpired,
  user_not_found: () => text.sessionExpired,
  reauthentication_needed: () => text.reauthenticate,
  reauthentication_not_valid: () => text.reauthenticate,
  captcha_failed: () => text.captcha,
  email_address_not_authorized: () => text.addressRefused,
  request_timeout: () => text.slow,
  hook_timeout: () => text.slow,
  hook_timeout_after_retry: () => text.slow,
  unexpected_failure: () => COPY.unexpected,
  conflict: () => COPY.unexpected,
};

/** The codes said in French, for the tests. */
export const MAPPED_AUTH_CODES = Object.keys(BY_CODE);

/**
 * A French message for an auth error: the code's own, the service out of reach said as failureText says it
 * (supabase-js gives no code then), and the service's text only for a code this list does not know.
 */
export function authErrorMessage(failure: AuthFailure): string {
  const byCode = failure.code ? BY_CODE[failure.code] : undefined;
  if (byCode) return byCode(failure);
  return failureText(failure);
}

import { ROUTES } from '@medaille/routing';
import { supabase } from '@medaille/supabase';

// Every call to the auth service the portal makes. E-mail links land on /auth/callback, which reads the
// query to know what the link was for.

/**
 * Where an e-mail link brings the owner back: plain sign-in, an activation to finish, or a new password. A
 * sign-up from an invitation carries its token (`invitation`), so that the confirmation link leads to the
 * invitation in whatever browser opens it, not only in the one that kept it.
 */
export function callbackUrl(
  purpose: 'sign-in' | 'activation' | 'reset' = 'sign-in',
  invitation: string | null = null,
): string {
  const query = new URLSearchParams();
  if (purpose === 'activation') query.set('activation', 'true');
  if (purpose === 'reset') query.set('reset', 'true');
  if (invitation) query.set('invitation', invitation);
  return `${window.location.origin}${ROUTES.authCallback}${query.size ? `?${query}` : ''}`;
}

/**
 * What an activation's e-mail link carries, so that it ends the activation in whatever browser opens it: the
 * medal's code in the link's address, and the form in the new account's user metadata (GoTrue keeps a
 * sign-up's `options.data` there and gives it back with the session the link opens).
 */
export interface ActivationLink {
  code: string | null;
  metadata: Record<string, unknown>;
}

function activationRedirect(link: ActivationLink | undefined): string {
  const url = new URL(callbackUrl('activation'));
  if (link?.code) url.searchParams.set('code', link.code);
  return url.href;
}

export async function signInWithPassword(credentials: { email: string; password: string }) {
  return (await supabase()).auth.signInWithPassword(credentials);
}

/**
 * A sign-up from the register page ('sign-in', with the token of the invitation it came from, if any), or from
 * the activation's dialog with what its link carries.
 */
export async function signUp(
  credentials: { email: string; password: string },
  link: 'sign-in' | ActivationLink,
  invitation: string | null = null,
) {
  const options =
    link === 'sign-in'
      ? { emailRedirectTo: callbackUrl('sign-in', invitation) }
      : { emailRedirectTo: activationRedirect(link), data: link.metadata };
  return (await supabase()).auth.signUp({ ...credentials, options });
}

/**
 * A magic link sent from the activation's sign-in dialog: it ends the activation on the callback page. GoTrue
 * keeps `data` only for an address it creates; an existing account's link carries the code alone.
 */
export async function sendMagicLink(email: string, activation?: ActivationLink) {
  return (await supabase()).auth.signInWithOtp({
    email,
    options: { emailRedirectTo: activationRedirect(activation), data: activation?.metadata },
  });
}

/**
 * The confirmation e-mail again, for an address that registered and has not confirmed. Through /otp: GoTrue
 * answers it for such an address with its confirmation link (the local stack does the same, and does not
 * serve /resend); `shouldCreateUser: false` so that a mistyped address creates no account. It carries the
 * invitation kept in this browser, as the sign-up did.
 */
export async function resendConfirmation(email: string, invitation: string | null = null) {
  return (await supabase()).auth.signInWithOtp({
    email,
    options: { emailRedirectTo: callbackUrl('sign-in', invitation), shouldCreateUser: false },
  });
}

export async function sendPasswordReset(email: string) {
  return (await supabase()).auth.resetPasswordForEmail(email, { redirectTo: callbackUrl('reset') });
}

/**
 * The code an auth e-mail offers beside its link, typed by an owner who reads the e-mail on another device:
 * `signup` for a confirmation, `recovery` for a password reset, `email` for a magic link (GoTrue takes the
 * code of either e-mail a magic-link request sends: the link, or a confirmation for an address not yet
 * confirmed). Spaces the owner typed are dropped.
 */
export type EmailCodeType = 'signup' | 'recovery' | 'email';

export async function verifyEmailCode(email: string, code: string, type: EmailCodeType) {
  return (await supabase()).auth.verifyOtp({ email, token: code.replace(/\s/g, ''), type });
}

/**
 * The button of an auth e-mail's link (/auth/confirm): spends the link's token hash, which the link itself,
 * opened by anyone or anything, does not.
 */
export async function confirmEmailLink(tokenHash: string, type: 'signup' | 'email' | 'magiclink' | 'recovery') {
  return (await supabase()).auth.verifyOtp({ token_hash: tokenHash, type });
}

/** After a recovery link, the owner (signed in by the link) chooses a new password. */
export async function updatePassword(password: string) {
  return (await supabase()).auth.updateUser({ password });
}

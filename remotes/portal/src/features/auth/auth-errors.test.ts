import { describe, expect, it } from 'vitest';
import { authErrorMessage, MAPPED_AUTH_CODES } from './auth-errors.ts';

// The codes the portal's calls can meet: GoTrue's for sign-up, sign-in, magic link, recovery, verify, user
// update and resend (supabase-js's ErrorCode), the ones the local stack sends among them.
const MET = [
  'invalid_credentials',
  'email_not_confirmed',
  'user_already_exists',
  'email_exists',
  'email_address_invalid',
  'weak_password',
  'same_password',
  'validation_failed',
  'bad_json',
  'over_email_send_rate_limit',
  'over_request_rate_limit',
  'otp_expired',
  'flow_state_expired',
  'flow_state_not_found',
  'bad_code_verifier',
  'signup_disabled',
  'otp_disabled',
  'email_provider_disabled',
  'provider_disabled',
  'anonymous_provider_disabled',
  'user_banned',
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'bad_jwt',
  'no_authorization',
  'user_not_found',
  'reauthentication_needed',
  'reauthentication_not_valid',
  'captcha_failed',
  'email_address_not_authorized',
  'request_timeout',
  'hook_timeout',
  'hook_timeout_after_retry',
  'unexpected_failure',
  'conflict',
];

describe('authErrorMessage', () => {
  it('says every code the portal can meet in French, never the English text', () => {
    expect(MAPPED_AUTH_CODES.sort()).toEqual([...MET].sort());
    for (const code of MET) {
      const message = authErrorMessage({ code, message: 'English text from the service', status: 400 });
      expect(message, code).not.toBe('English text from the service');
    }
  });

  it.each([
    ['invalid_credentials', 'Invalid login credentials', 'Email ou mot de passe incorrect'],
    [
      'user_already_exists',
      'User already registered',
      'Un compte existe déjà avec cet email. Voulez-vous vous connecter ?',
    ],
    ['weak_password', 'Password should be at least 8 characters.', 'Le mot de passe ne respecte pas tous les critères'],
    ['email_address_invalid', 'Email address "x@y" is invalid', 'Veuillez saisir un email valide'],
    ['unexpected_failure', 'Database error', "Une erreur inattendue s'est produite"],
  ])('uses the product’s own words where it has some (%s)', (code, message, french) => {
    expect(authErrorMessage({ code, message })).toBe(french);
  });

  it('names the wait GoTrue asks for before another e-mail', () => {
    const message = 'For security purposes, you can only request this after 42 seconds.';
    expect(authErrorMessage({ code: 'over_email_send_rate_limit', message })).toBe(
      'Par sécurité, un nouvel e-mail ne peut être demandé que dans 42 secondes.',
    );
    expect(authErrorMessage({ code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' })).toBe(
      "Trop d'e-mails ont été demandés. Réessayez dans quelques minutes.",
    );
  });

  it('says the service is out of reach when no answer came back, and keeps the text of an unknown code', () => {
    expect(authErrorMessage({ name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 })).toBe(
      'Service momentanément indisponible, réessayez.',
    );
    expect(authErrorMessage({ code: 'something_new', message: 'Something new happened' })).toBe(
      'Something new happened',
    );
  });
});

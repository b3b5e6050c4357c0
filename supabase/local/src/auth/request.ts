// Reading and checking what a client sends to /auth/v1, with GoTrue's messages.
import type { Context } from 'hono';
import { AuthError, notSupported } from './errors.ts';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The JSON object of the body; an empty body is an empty object, as GoTrue reads it. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const body = await c.req.text();
  if (body.trim() === '') return {};
  try {
    const parsed = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed;
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
}

export const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The address of a body, trimmed and lower-cased as GoTrue stores it. */
export const emailOf = (input: Record<string, unknown>) => text(input.email).toLowerCase();

/** supabase-js's PKCE flow sends a code challenge; the stack serves the implicit flow only. */
export function refusePkce(input: Record<string, unknown>) {
  if (text(input.code_challenge)) throw notSupported('The PKCE flow (code_challenge)');
}

export function checkEmail(email: string) {
  if (!EMAIL_FORMAT.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
}

/** GoTrue's checkPasswordStrength: every rule broken, its reason and its sentence, in one 422. */
export function checkPasswordStrength(password: string, minLength: number, requiredCharacters: string[]) {
  if (password.length > 72)
    throw new AuthError(400, 'validation_failed', 'Password cannot be longer than 72 characters');
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${minLength} characters.`);
  }
  if (requiredCharacters.some((set) => ![...set].some((character) => password.includes(character)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${requiredCharacters.join(', ')}.`);
  }
  if (reasons.length > 0) {
    throw new AuthError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } });
  }
}

// An address that registered and has not confirmed yet, kept in the browser so that the login page keeps
// saying so (a reload included) until its owner signs in.

const AWAITING_CONFIRMATION = 'awaiting_confirmation';

/** GoTrue sends one e-mail per address per minute (`max_frequency` in supabase/config.toml). */
export const RESEND_INTERVAL_MS = 60_000;

export interface AwaitingConfirmation {
  email: string;
  /** When the last e-mail left, in milliseconds since 1970. */
  sentAt: number;
}

export function readAwaitingConfirmation(): AwaitingConfirmation | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(AWAITING_CONFIRMATION) ?? 'null');
    if (stored === null || typeof stored !== 'object') return null;
    const { email, sentAt } = stored as Record<string, unknown>;
    return typeof email === 'string' && typeof sentAt === 'number' ? { email, sentAt } : null;
  } catch {
    return null;
  }
}

export function rememberConfirmationSent(awaiting: AwaitingConfirmation): void {
  localStorage.setItem(AWAITING_CONFIRMATION, JSON.stringify(awaiting));
}

/** Signed in: the address is confirmed. */
export function forgetAwaitingConfirmation(): void {
  localStorage.removeItem(AWAITING_CONFIRMATION);
}

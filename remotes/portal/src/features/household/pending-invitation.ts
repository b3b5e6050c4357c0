// The token of an invitation opened before its person signed in, kept in this browser across sign-in,
// sign-up and the e-mail confirmation (as the activation keeps a scanned code), until it is accepted or no
// longer valid.

const PENDING_INVITATION = 'pending_invitation';
/** An invitation is valid 14 days (animal_invitations.expires_at): a token kept longer is of no use. */
const KEPT_MS = 14 * 24 * 60 * 60 * 1000;
const MAX_TOKEN_LENGTH = 256;

/**
 * The token of an invitation's link (`/mon-compte/invitation#<token>`), or null when the fragment holds none:
 * empty, or an auth answer's parameters (`access_token=…`, `error=…`), which are not a token.
 */
export function tokenInFragment(hash: string): string | null {
  let token: string;
  try {
    token = decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    return null;
  }
  return token !== '' && token.length <= MAX_TOKEN_LENGTH && !/[=&\s]/.test(token) ? token : null;
}

export function keepPendingInvitation(token: string, now = Date.now()): void {
  localStorage.setItem(PENDING_INVITATION, JSON.stringify({ token, keptAt: now }));
}

/** The token kept here, unless it is older than an invitation lives. */
export function readPendingInvitation(now = Date.now()): string | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(PENDING_INVITATION) ?? 'null');
    if (stored === null || typeof stored !== 'object') return null;
    const { token, keptAt } = stored as Record<string, unknown>;
    if (typeof token !== 'string' || typeof keptAt !== 'number' || now - keptAt > KEPT_MS) return null;
    return token;
  } catch {
    return null;
  }
}

export function forgetPendingInvitation(): void {
  localStorage.removeItem(PENDING_INVITATION);
}

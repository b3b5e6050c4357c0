/** The environment an Edge Function runs with: Supabase's own variables and the project's mail settings. */
export interface FunctionEnv {
  SUPABASE_URL: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  /** The project's anon key, passed on for callers that sent a token without a key. */
  SUPABASE_ANON_KEY?: string;
  /** Local stack only: where e-mails go instead of a provider. */
  LOCAL_MAILBOX_URL?: string;
  /** The public site, where links in e-mails to owners lead (https://medaille.fr). */
  PUBLIC_SITE_URL?: string;
  /** Production: the Resend API key and sender used for e-mails to owners. */
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
  /**
   * The key of the hash that stands for a finder's address in rate limits and stored rows (clientHash), at least
   * 32 characters, never public: without it, each instance of a function draws its own (and says so in its logs).
   */
  CLIENT_HASH_SECRET?: string;
  /** CLIENT_HASH_SECRET's former name, still read when that one is unset. */
  CLIENT_HASH_SALT?: string;
  /**
   * Shared with the shell's host only: it signs the finder's address with it (`x-medaille-finder`) when it calls
   * the finders' functions server-side, and the rate limits then count that address (see clientHash). Unset:
   * the header is ignored.
   */
  FINDER_IDENTITY_SECRET?: string;
  PROFILE_RATE_LIMIT_PER_MINUTE?: string;
  MESSAGE_RATE_LIMIT_PER_HOUR?: string;
  [name: string]: string | undefined;
}

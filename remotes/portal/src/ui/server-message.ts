/**
 * The `error` a server function answered with when it refused (its French words, to show as they are), or
 * null when no answer came back (no network, say). supabase-js gives the refused response as the error's
 * `context`.
 */
export async function serverMessage(error: { context?: unknown }): Promise<string | null> {
  if (!(error.context instanceof Response)) return null;
  const body: unknown = await error.context.json().catch(() => null);
  return body !== null && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
    ? body.error
    : null;
}

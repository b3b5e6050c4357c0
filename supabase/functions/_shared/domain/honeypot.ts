// Generated from shared/domain/src/honeypot.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
/**
 * The finder's message form has a hidden `website` field, the honeypot: a person never sees it and leaves
 * it empty, a robot fills it. Kept out of schemas.ts (zod) because the server functions need it too.
 */
export function isHoneypotFilled(values: { website?: string | null }): boolean {
  return (values.website ?? '').trim() !== '';
}

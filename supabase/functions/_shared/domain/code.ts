// Generated from shared/domain/src/code.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
export const CODE_PATTERN = /^MDL-[A-Z0-9-]+$/;

/**
 * Normalises a scanned or typed medal code: trimmed and upper-cased.
 * Returns null when it does not follow the MDL-... pattern, which the scan page shows as 'Code introuvable'.
 */
export function normalizeCode(raw: string | null | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** The short code shown in the edit page's dialog: MDL- and the last 3 characters of the animal id. */
export function medalDisplayCode(animalId: string): string {
  return `MDL-${animalId.slice(-3).toUpperCase()}`;
}

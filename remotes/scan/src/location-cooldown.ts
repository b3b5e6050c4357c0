import { LIMITS } from '@medaille/domain';

/** The browser's note of the last location shared for a code (docs/product/site.md: last_scan_{code}). */
const key = (code: string) => `last_scan_${code}`;

export function isCoolingDown(code: string, now = Date.now()): boolean {
  const last = Number(localStorage.getItem(key(code)) ?? 0);
  return now - last < LIMITS.locationShareCooldownMs;
}

export function rememberShare(code: string, at = Date.now()): void {
  localStorage.setItem(key(code), String(at));
}

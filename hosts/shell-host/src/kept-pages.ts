/**
 * The last public profile the host read for each medal, so that a finder still reaches the owner when the
 * backend does not answer (its address unreachable, a failure): the page is then rendered from the copy, and
 * says it may be out of date, with the call, SMS and WhatsApp buttons.
 *
 * What is kept is what the route module's loader marks `keep` (a claimed medal's public profile: only what
 * its owner made public, as every finder got it). The host cannot see the owner's changes, so a copy lives
 * only as long as it cannot mislead for long:
 * - every profile read replaces it, so it is the last thing any finder was shown;
 * - it is served only when the loader fails, never in place of a fresh answer;
 * - an answer without `keep` (the code gone, suspended, retired, unclaimed) drops it at once;
 * - it is never served more than a day after it was read (an owner who hid a number yesterday while the
 *   backend has been down since is not overruled for ever);
 * - at most `maxEntries` medals, the least recently read going first: memory stays bounded.
 */
import type { RouteData } from '@medaille/scan-contract';

export const KEPT_PAGE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const KEPT_PAGE_MAX_ENTRIES = 2_000;

export interface KeptPagesOptions {
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export function keptPages(options: KeptPagesOptions = {}) {
  const maxEntries = options.maxEntries ?? KEPT_PAGE_MAX_ENTRIES;
  const maxAgeMs = options.maxAgeMs ?? KEPT_PAGE_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  /** By code, in the order they were last read (a Map iterates in insertion order). */
  const copies = new Map<string, { data: RouteData; readAt: number }>();
  return {
    /** The loader's data, kept or dropped as it says; on its failure, the copy kept within its age, if any. */
    async load(code: string, loading: Promise<RouteData>): Promise<RouteData> {
      let data: RouteData;
      try {
        data = await loading;
      } catch (error) {
        const copy = copies.get(code);
        if (copy && now() - copy.readAt > maxAgeMs) copies.delete(code);
        if (!copy || now() - copy.readAt > maxAgeMs) throw error;
        return { ...copy.data, keptAt: new Date(copy.readAt).toISOString() };
      }
      copies.delete(code);
      if (data.keep) {
        if (copies.size >= maxEntries) copies.delete(copies.keys().next().value as string);
        copies.set(code, { data, readAt: now() });
      }
      return data;
    },
    get size() {
      return copies.size;
    },
  };
}

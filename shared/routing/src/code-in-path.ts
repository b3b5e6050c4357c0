/**
 * `scanCodeOf`'s rule: the medal code of a path of one segment that is not one of `reservedSegments` (the route
 * table's own first words, RESERVED_SEGMENTS). Self-contained (it names nothing outside itself) because the
 * shell's HTML carries its source, made at build time by `early-profile.ts` and the shell's
 * `build/early-files.ts`: the HTML runs it before any script has downloaded. A module of its own, so that the
 * shell's bootstrap, which a finder's scan page runs, carries it without the route table (the shell's build
 * gives it the reserved words as a constant).
 */
export function codeInPath(pathname: string, reservedSegments: readonly string[]): string | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const segment = segments[0];
  if (segments.length !== 1 || segment === undefined || reservedSegments.indexOf(segment) !== -1) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

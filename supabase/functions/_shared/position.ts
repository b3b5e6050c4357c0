// A position a finder agreed to share (record-scan, and 'Je l'ai vu ici' with post_finder_message), read from
// a request's JSON: WGS 84 degrees, and the accuracy in metres when the browser gave one.

export interface SharedPosition {
  lat: number;
  lon: number;
  accuracy: number | null;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The position these values make, or null when one is missing, not a number, or out of its range. */
export function readPosition(lat: unknown, lon: unknown, accuracy: unknown): SharedPosition | null {
  if (!isNumber(lat) || !isNumber(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  if (accuracy === undefined || accuracy === null) return { lat, lon, accuracy: null };
  return isNumber(accuracy) && accuracy >= 0 ? { lat, lon, accuracy } : null;
}

// Generated from shared/domain/src/maps.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
/** A maps-service search for a postal address; null unless both the street line and the city are present. */
export function mapsSearchUrl(addressLine: string | null | undefined, city: string | null | undefined): string | null {
  const line = addressLine?.trim();
  const town = city?.trim();
  if (!line || !town) return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${line}, ${town}`)}`;
}

/** A maps-service link to a point, for shared finder locations. */
export function mapsPointUrl(lat: number, lon: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lon}`;
}

/**
 * OpenStreetMap at a point, with a marker, for the owner's history: a map service that does not track who
 * opens it, as the points say where a lost animal was seen.
 */
export function openStreetMapPointUrl(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

// Generated from shared/domain/src/maps.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
// Every map link of the product is OpenStreetMap's: these points say where a lost animal is, and
// OpenStreetMap does not track who opens them. One function per need.

/** A search for a postal address; null unless both the street line and the city are present. */
export function mapsSearchUrl(addressLine: string | null | undefined, city: string | null | undefined): string | null {
  const line = addressLine?.trim();
  const town = city?.trim();
  if (!line || !town) return null;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${line}, ${town}`)}`;
}

/** A point with a marker, centred there: a finder's shared location. */
export function mapsPointUrl(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

// How the inbox writes times, accuracies and distances: in French, and at the hour of France wherever the
// owner's device is set (the medal and its finders are in France).

const WHEN = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** 'lundi 23 novembre 2026 à 15:40' */
export function whenText(iso: string): string {
  return WHEN.format(new Date(iso));
}

/** '± 12 m', '± 1 500 m' */
export function accuracyText(metres: number): string {
  return `± ${Math.round(metres).toLocaleString('fr-FR')} m`;
}

/** '350 m', '1,2 km' */
export function distanceText(metres: number): string {
  if (metres < 1000) return `${Math.max(1, Math.round(metres)).toLocaleString('fr-FR')} m`;
  return `${(metres / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} km`;
}

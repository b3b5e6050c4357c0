// How the inbox writes times, accuracies and distances: in French, times at the hour of France as every
// page of the portal writes them.
import { parisTime } from '../../ui/paris-time.ts';

/** 'lundi 23 novembre 2026 à 15:40' */
export function whenText(iso: string): string {
  return parisTime(iso, 'dayDateTime');
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

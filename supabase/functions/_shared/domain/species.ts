// Generated from shared/domain/src/species.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
export const SPECIES = [
  { value: 'dog', label: 'Chien' },
  { value: 'cat', label: 'Chat' },
  { value: 'horse', label: 'Cheval' },
  { value: 'ferret', label: 'Furet' },
  { value: 'rabbit', label: 'Lapin' },
  { value: 'rodent', label: 'Rongeur' },
  { value: 'goat', label: 'Chèvre' },
  { value: 'other', label: 'Autre' },
] as const;

export type SpeciesValue = (typeof SPECIES)[number]['value'];

const LABELS = new Map<string, string>(SPECIES.map((s) => [s.value, s.label]));

export function isKnownSpecies(value: string): value is SpeciesValue {
  return LABELS.has(value);
}

/**
 * What the public page shows for a stored species: the French label of a known value,
 * the owner's own text for a custom species ('Autre'), 'Inconnu' when nothing is stored.
 */
export function speciesLabel(stored: string | null | undefined): string {
  const value = stored?.trim() ?? '';
  if (value === '') return 'Inconnu';
  return LABELS.get(value) ?? value;
}

/** The edit form's view of a stored species: an unknown value shows as 'other' with its text prefilled. */
export function speciesFormValue(stored: string | null | undefined): {
  species: SpeciesValue | '';
  customSpecies: string;
} {
  const value = stored?.trim() ?? '';
  if (value === '') return { species: '', customSpecies: '' };
  if (isKnownSpecies(value)) return { species: value, customSpecies: '' };
  return { species: 'other', customSpecies: value };
}

/** The value stored for a form's species: the custom text when 'other' is chosen. */
export function speciesToStored(
  species: string | null | undefined,
  customSpecies: string | null | undefined,
): string | null {
  const value = species?.trim() ?? '';
  if (value === '') return null;
  if (value === 'other') return customSpecies?.trim() || null;
  return value;
}

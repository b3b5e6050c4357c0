export const SEX_OPTIONS = [
  { value: 'male', label: 'Mâle' },
  { value: 'female', label: 'Femelle' },
  { value: 'unknown', label: 'Inconnu' },
] as const;

export type SexFormValue = (typeof SEX_OPTIONS)[number]['value'];
/** What the database stores and the activation payload sends. */
export type StoredSex = 'M' | 'F' | null;

export function sexToStored(value: string | null | undefined): StoredSex {
  if (value === 'male' || value === 'M') return 'M';
  if (value === 'female' || value === 'F') return 'F';
  return null;
}

export function sexFormValue(stored: string | null | undefined): SexFormValue {
  const sex = sexToStored(stored);
  return sex === 'M' ? 'male' : sex === 'F' ? 'female' : 'unknown';
}

/** Display label; accepts M/F as stored and male/female as the public profile may send them. */
export function sexLabel(stored: string | null | undefined): string | null {
  const sex = sexToStored(stored);
  return sex === 'M' ? 'Mâle' : sex === 'F' ? 'Femelle' : null;
}

/**
 * A French word or sentence that agrees with an animal's sex (M/F as stored, male/female as a form sends):
 * the feminine for a female; for a male the masculine; for an unknown sex `unknown` when given (a neutral
 * 'Stérilisé(e)'), else the masculine, French's generic form.
 */
export function agreeWith<T>(sex: string | null | undefined, forms: { male: T; female: T; unknown?: T }): T {
  const stored = sexToStored(sex);
  if (stored === 'F') return forms.female;
  if (stored === 'M') return forms.male;
  return forms.unknown ?? forms.male;
}

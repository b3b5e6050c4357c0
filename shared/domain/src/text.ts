/** Trims a text input; an empty or missing value becomes null (SPEC section 5). */
export function trimToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Age text of docs/product/scan-page.md: current year minus birth year. */
export function ageText(birthYear: number | null | undefined, now: Date = new Date()): string {
  if (birthYear === null || birthYear === undefined || !Number.isFinite(birthYear)) return 'Non renseigné';
  const years = now.getFullYear() - birthYear;
  if (years <= 0) return "Moins d'un an";
  return years === 1 ? '1 an' : `${years} ans`;
}

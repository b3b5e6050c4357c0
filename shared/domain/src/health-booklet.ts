// The health booklet ('carnet de santé', docs/decisions/0016-household.md): what its records and documents may be, the
// cares the portal proposes for each species, and the limits that supabase/schemas/booklet.sql enforces too (its
// tests check the SQL against these numbers). Without zod: the functions get a copy of this module.

/** What a record of the booklet is, as stored (health_records.kind), with its French name. */
export const HEALTH_RECORD_KINDS = [
  { value: 'vaccination', label: 'Vaccin' },
  { value: 'treatment', label: 'Traitement' },
  { value: 'visit', label: 'Visite' },
  { value: 'weight', label: 'Pesée' },
] as const;

export type HealthRecordKind = (typeof HEALTH_RECORD_KINDS)[number]['value'];

/**
 * Whether a record of this kind may be shown to whoever finds the animal (health_records_visible_soins): a
 * vaccination or a treatment, never a visit or a weighing.
 */
export const showableToFinder = (kind: string): boolean => kind === 'vaccination' || kind === 'treatment';

/** What a document of the booklet is, as stored (health_documents.kind), with its French name. */
export const HEALTH_DOCUMENT_KINDS = [
  { value: 'vaccination', label: 'Certificat de vaccination' },
  { value: 'passeport', label: 'Passeport' },
  { value: 'assurance', label: 'Assurance' },
  { value: 'autre', label: 'Autre document' },
] as const;

export type HealthDocumentKind = (typeof HEALTH_DOCUMENT_KINDS)[number]['value'];

/** The private bucket of the booklet's documents, `{animal_id}/{uuid}.{ext}`: read through signed URLs only. */
export const HEALTH_DOCUMENT_BUCKET = 'health-documents';

/** The types a document may have, with the extension its file name takes. */
export const HEALTH_DOCUMENT_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;

export const HEALTH_LIMITS = {
  labelMaxLength: 120,
  notesMaxLength: 1000,
  /** Kilograms, both excluded: numeric(5, 2) in the table. */
  weightMinKg: 0,
  weightMaxKg: 200,
  documentTitleMaxLength: 120,
  documentMaxBytes: 10 * 1024 * 1024,
  /** Per animal (its folder of the bucket), whatever the client does. */
  documentsPerAnimal: 20,
  documentBytesPerAnimal: 50 * 1024 * 1024,
  /** The e-mail reminder comes this many days before a due date, and again on the day. */
  reminderDaysBefore: 7,
} as const;

/** A care the portal proposes when a record is added: its label and the usual months until the next one. */
export interface ProposedCare {
  kind: 'vaccination' | 'treatment';
  label: string;
  /** What the label stands for, when it is an abbreviation. */
  details?: string;
  /** The usual interval; null when there is no usual one (the vet decides). */
  intervalMonths: number | null;
}

// Rabies boosters are valid 1 to 3 years depending on the vaccine (the certificate says which): 12 months is
// the interval that is never too late; the owner changes the date for a 3-year vaccine.
const RABIES: ProposedCare = { kind: 'vaccination', label: 'Rage', intervalMonths: 12 };

/** The usual vaccines of a species, keyed by the species as stored (`SPECIES` values). */
export const PROPOSED_VACCINES: Readonly<Partial<Record<string, readonly ProposedCare[]>>> = {
  dog: [
    RABIES,
    {
      kind: 'vaccination',
      label: 'CHPPi-L',
      details: 'Carré, hépatite de Rubarth, parvovirose, parainfluenza, leptospirose',
      intervalMonths: 12,
    },
    { kind: 'vaccination', label: 'Toux du chenil', intervalMonths: 12 },
    { kind: 'vaccination', label: 'Piroplasmose', intervalMonths: 12 },
    { kind: 'vaccination', label: 'Leishmaniose', intervalMonths: 12 },
  ],
  cat: [
    RABIES,
    { kind: 'vaccination', label: 'Typhus', details: 'panleucopénie', intervalMonths: 12 },
    { kind: 'vaccination', label: 'Coryza', intervalMonths: 12 },
    { kind: 'vaccination', label: 'Leucose féline', details: 'FeLV', intervalMonths: 12 },
    { kind: 'vaccination', label: 'Chlamydiose', intervalMonths: 12 },
  ],
};

/** The recurring treatments proposed for every species. */
export const PROPOSED_TREATMENTS: readonly ProposedCare[] = [
  { kind: 'treatment', label: 'Vermifuge', intervalMonths: 3 },
  { kind: 'treatment', label: 'Antipuces', intervalMonths: 1 },
  { kind: 'treatment', label: 'Antitiques', intervalMonths: 1 },
];

/** The cares proposed for an animal of the stored species: its vaccines, if any are usual, then the treatments. */
export function proposedCares(species: string | null | undefined): readonly ProposedCare[] {
  return [...(PROPOSED_VACCINES[species?.trim() ?? ''] ?? []), ...PROPOSED_TREATMENTS];
}

/**
 * The day `months` after `day` (both `YYYY-MM-DD`), on the same day of the month, or the month's last day when
 * it has none (31 January + 1 month: 28 or 29 February).
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads a year below 100 as 19xx, and a date field being typed passes
  // through such years ('0002-03-12' on its way to '2026-03-12').
  const target = new Date(0);
  target.setUTCFullYear(year, month - 1 + months, 1);
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(target.getUTCFullYear(), target.getUTCMonth() + 1, 0);
  target.setUTCDate(Math.min(date, lastDay.getUTCDate()));
  return target.toISOString().slice(0, 10);
}

/** A record as its next due date is reckoned from: what it is, what was done, and the day it was done. */
export interface CareGiven {
  kind: string;
  label: string;
  /** `YYYY-MM-DD`, or '' while the date field is empty. */
  given_on: string;
}

/** The proposed care a label names for this species and kind, whatever its case and outer spaces. */
export function proposedCare(species: string | null | undefined, { kind, label }: Omit<CareGiven, 'given_on'>) {
  const named = label.trim().toLocaleLowerCase('fr');
  return proposedCares(species).find((care) => care.kind === kind && care.label.toLocaleLowerCase('fr') === named);
}

/**
 * The next due date of a care given on a day: that day plus the care's usual interval. Null when the label names
 * no proposed care, when the vet decides (no usual interval), or without a complete date. The booklet's form
 * shows this date as long as the member has not typed one by hand (`nextDueFollowsDate`).
 */
export function usualNextDue(species: string | null | undefined, given: CareGiven): string | null {
  const months = proposedCare(species, given)?.intervalMonths;
  if (!months || !/^\d{4}-\d{2}-\d{2}$/.test(given.given_on)) return null;
  return addMonths(given.given_on, months);
}

/**
 * Whether a record's next due date is the usual one (or none where there is none), so that it follows the date
 * given, the kind and the label as they change; a date the member typed, or took away, stays as they left it.
 */
export function nextDueFollowsDate(
  species: string | null | undefined,
  record: CareGiven & { next_due_on: string | null },
): boolean {
  return (record.next_due_on ?? '') === (usualNextDue(species, record) ?? '');
}

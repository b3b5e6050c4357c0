// What a finder gets behind a medal code (docs/product/scan-page.md): the one declaration of its shape. public_profile
// (supabase/schemas/finder_functions.sql) writes it, get_public_profile adds each photo's URL, the scan page
// reads it. Each field is declared once below, as a check from which its TypeScript type is derived, so the
// type and the runtime check cannot drift apart; supabase/tests/database/public-profile-shape.test.ts holds
// the SQL's answers in every state to it. No dependency (zod is not in the functions' Deno copy of the domain).

/** A check of one value: its problems (none when it fits), each prefixed with where it is. */
export interface Check<T> {
  (value: unknown, at: string, exact: boolean): string[];
  /** Never set: carries the type the check accepts. */
  readonly type?: T;
}
type Checked<C> = C extends Check<infer T> ? T : never;

const leaf =
  <T>(what: string, fits: (value: unknown) => boolean): Check<T> =>
  (value, at) =>
    fits(value) ? [] : [`${at}: not ${what}`];

const text = leaf<string>('a string', (value) => typeof value === 'string');
const number = leaf<number>('a number', (value) => typeof value === 'number' && Number.isFinite(value));
const integer = leaf<number>('an integer', (value) => Number.isInteger(value));
const boolean = leaf<boolean>('a boolean', (value) => typeof value === 'boolean');
const oneOf = <T extends string>(...values: T[]) =>
  leaf<T>(`one of ${values.join(', ')}`, (value) => values.includes(value as T));
const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value, at, exact) =>
    value === null ? [] : check(value, at, exact);
const listOf =
  <T>(check: Check<T>): Check<T[]> =>
  (value, at, exact) =>
    Array.isArray(value)
      ? value.flatMap((item, index) => check(item, `${at}[${index}]`, exact))
      : [`${at}: not a list`];

type Shape = Record<string, Check<unknown>>;
type ObjectOf<Required extends Shape, Optional extends Shape> = { [K in keyof Required]: Checked<Required[K]> } & {
  [K in keyof Optional]?: Checked<Optional[K]>;
};

/**
 * An object with every required field, the optional ones when present, and, when `exact`, nothing else: a
 * field the declaration does not name (an owner's private one) is a problem.
 */
function objectOf<Required extends Shape, Optional extends Shape = Record<never, never>>(
  required: Required,
  optional?: Optional,
): Check<ObjectOf<Required, Optional>> {
  return (value, at, exact) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: not an object`];
    const fields = value as Record<string, unknown>;
    const problems = Object.entries(required).flatMap(([name, check]) =>
      name in fields ? check(fields[name], `${at}.${name}`, exact) : [`${at}.${name}: missing`],
    );
    for (const [name, check] of Object.entries(optional ?? {})) {
      if (name in fields) problems.push(...check(fields[name], `${at}.${name}`, exact));
    }
    if (exact) {
      for (const name of Object.keys(fields)) {
        if (!(name in required) && !(optional && name in optional)) problems.push(`${at}.${name}: not declared`);
      }
    }
    return problems;
  };
}

/** A photo as public_profile lists it, cover first, then in the owner's order. */
const STORED_PHOTO_FIELDS = {
  id: text,
  path: text,
  position: integer,
  width: nullable(integer),
  height: nullable(integer),
};
const STORED_PHOTO = objectOf(STORED_PHOTO_FIELDS);

/**
 * A vaccination or a treatment of the health booklet that its owner chose to show a finder, still current (no
 * next date, or one not past). Dates as YYYY-MM-DD.
 */
const EMERGENCY_CARE = objectOf({
  kind: oneOf('vaccination', 'treatment'),
  label: text,
  given_on: text,
  next_due_on: nullable(text),
});
const SERVED_PHOTO = objectOf({ ...STORED_PHOTO_FIELDS, url: text });

function profileOf<Photo>(photo: Check<Photo>) {
  return objectOf(
    {
      status: oneOf('claimed'),
      code: text,
      name: text,
      species: nullable(text),
      breed: nullable(text),
      color: nullable(text),
      // 'M' or 'F' from the database (animals_sexe_valeurs); a string here, as the page reads older words too.
      sex: nullable(text),
      sterilized: boolean,
      weight_kg: nullable(number),
      birth_year: nullable(integer),
      important_info: nullable(text),
      allergies: nullable(text),
      meds: nullable(text),
      temperament: nullable(text),
      vet_info: nullable(text),
      chip_or_tattoo: nullable(text),
      is_lost: boolean,
      // Where a finder last shared a position while the animal is lost; null once it is found.
      last_known_location: nullable(objectOf({ lat: number, lon: number, accuracy_m: nullable(number), at: text })),
      photo_url: nullable(text),
      cover_photo_id: nullable(text),
      photos: listOf(photo),
      show_public_phone: boolean,
      show_public_email: boolean,
      show_public_address: boolean,
    },
    // A contact is there only while its switch is on (and an address only with both its line and its city).
    // The second contact's switches are optional too, for a reader of a database not migrated yet (exact
    // wants them, contactProblems); its name comes only with one of its values.
    {
      public_phone: text,
      public_email: text,
      public_address_line: text,
      public_city: text,
      show_second_contact_phone: boolean,
      show_second_contact_email: boolean,
      second_contact_phone: text,
      second_contact_email: text,
      second_contact_name: text,
      // Optional for the same reason; exact wants it (emergencyProblems).
      emergency_health: listOf(EMERGENCY_CARE),
    },
  );
}

const STORED_PROFILE = profileOf(STORED_PHOTO);
const SERVED_PROFILE = profileOf(SERVED_PHOTO);
/** A vaccination or treatment a finder may see (`emergency_health`). */
export type EmergencyCare = Checked<typeof EMERGENCY_CARE>;
/** A code with no profile to show: unknown, not activated, suspended, or whose animal was deleted. */
const NO_PROFILE = objectOf({ status: oneOf('not_found', 'unclaimed', 'suspended', 'retired'), code: text });

/** A photo as public_profile lists it. */
export type ProfilePhoto = Checked<typeof STORED_PHOTO>;
/** A photo as get_public_profile sends it: with the URL of its file. */
export type PublicPhoto = Checked<typeof SERVED_PHOTO>;
/** A claimed code's profile, as get_public_profile sends it (hidden contacts are absent). */
export type PublicProfile = Checked<typeof SERVED_PROFILE>;
export type NoProfile = Checked<typeof NO_PROFILE>;
/** get_public_profile's answer. */
export type ScanAnswer = NoProfile | PublicProfile;
/** public_profile's answer (SQL): the photos without their URLs. */
export type StoredScanAnswer = NoProfile | Checked<typeof STORED_PROFILE>;

/**
 * The switches and the contacts they show agree: a contact is sent exactly when its switch is on, the second
 * contact's switches are sent, and its name only with one of its values.
 */
function contactProblems(profile: Record<string, unknown>): string[] {
  const shown = [
    ['show_public_phone', ['public_phone']],
    ['show_public_email', ['public_email']],
    ['show_public_address', ['public_address_line', 'public_city']],
    ['show_second_contact_phone', ['second_contact_phone']],
    ['show_second_contact_email', ['second_contact_email']],
  ] as const;
  const second = ['show_second_contact_phone', 'show_second_contact_email'] as const;
  const nameAlone =
    'second_contact_name' in profile && !second.some((switchName) => profile[switchName] === true)
      ? ['answer.second_contact_name: sent without a second contact']
      : [];
  return [
    ...second.filter((switchName) => !(switchName in profile)).map((switchName) => `answer.${switchName}: missing`),
    ...shown.flatMap(([switchName, fields]) =>
      fields
        .filter((field) => field in profile !== (profile[switchName] === true))
        .map(
          (field) =>
            `answer.${field}: ${field in profile ? 'sent' : 'missing'} while ${switchName} is ${profile[switchName]}`,
        ),
    ),
    ...nameAlone,
  ];
}

/**
 * What is wrong with an answer, none when it fits the declaration. `photos`: 'served' for get_public_profile's
 * answer (each photo with its URL), 'stored' for public_profile's. `exact`, the tests' check that nothing else
 * leaves: a field the declaration does not name is a problem too, and so is a contact sent while its switch is
 * off. Readers leave it false: a field the database starts to send before the page knows it breaks nothing, and
 * the page itself never shows a contact whose switch is off.
 */
export function scanAnswerProblems(
  value: unknown,
  { photos = 'served', exact = false }: { photos?: 'served' | 'stored'; exact?: boolean } = {},
): string[] {
  const status = (value as { status?: unknown } | null)?.status;
  if (status !== 'claimed') return NO_PROFILE(value, 'answer', exact);
  const problems = (photos === 'served' ? SERVED_PROFILE : STORED_PROFILE)(value, 'answer', exact);
  if (!exact) return problems;
  const profile = value as Record<string, unknown>;
  const emergency = 'emergency_health' in profile ? [] : ['answer.emergency_health: missing'];
  return [...problems, ...contactProblems(profile), ...emergency];
}

/** get_public_profile's answer as received from elsewhere (the host's JSON); throws on anything else. */
export function scanAnswerOf(value: unknown): ScanAnswer {
  const problems = scanAnswerProblems(value);
  if (problems.length > 0) throw new TypeError(`not an answer of get_public_profile: ${problems.join('; ')}`);
  return value as ScanAnswer;
}

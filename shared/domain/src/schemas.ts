import { z } from 'zod/mini';
import { CODE_PATTERN } from './code.ts';
import { MESSAGES } from './form-messages.ts';
import { LIMITS } from './limits.ts';
import { e164Phone } from './phone-number.ts';
import { sexToStored } from './sex.ts';
import { speciesToStored } from './species.ts';
import { EMAIL_PATTERN, hasLineOrBidiCharacters } from './text.ts';

// The forms' messages (form-messages.ts) and the accounts' forms (auth-schemas.ts) are modules of their own:
// a page that imports them alone (the login page, any page that names a database error) never loads
// libphonenumber-js, which the phone fields below need.

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * zod/mini has no preprocess: a transform piped into the schema is the same thing at run time. Typed as
 * zod's own preprocess, whose key is optional in a form's input exactly when the target schema's is.
 */
const preprocess = <S extends z.core.$ZodType>(prepare: (value: unknown) => unknown, schema: S) =>
  z.pipe(z.transform(prepare), schema) as unknown as z.core.$ZodPreprocess<S>;

/** Optional free text: trimmed, at most `max` characters, then `checks`; empty becomes null. */
const optionalText = (max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  z.pipe(
    preprocess(
      blankToNull,
      z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, MESSAGES.tooLong(max)), ...checks))),
    ),
    z.transform((value) => value ?? null),
  );

const optionalEmail = optionalText(LIMITS.emailMaxLength, z.regex(EMAIL_PATTERN, MESSAGES.invalidEmail));

/**
 * An optional phone of at most 32 characters, saved as the number it means in E.164 (`e164Phone`: France by
 * default, '+33 (0)6 12 34 56 78' is '+33612345678'); one that is no valid number is refused. Asynchronous, as
 * `e164Phone` loads its library: a schema with a phone is parsed with parseAsync.
 */
const optionalPhone = z.pipe(
  optionalText(LIMITS.phoneMaxLength),
  z.transform(async (text, context) => {
    if (text === null) return null;
    const e164 = await e164Phone(text);
    if (e164 === null) context.issues.push({ code: 'custom', message: MESSAGES.invalidPhone, input: text });
    return e164 ?? text;
  }),
);

/** The owner's own contacts, given at activation and changed on the edit page; never shown to finders. */
const privateContactFields = {
  owner_email: optionalEmail,
  owner_phone: optionalPhone,
};

/** A number as people type it in France or elsewhere: '4,5' or '4.5'; no exponent, hexadecimal or second mark. */
const DECIMAL_TEXT = /^[+-]?\d+(?:[.,]\d+)?$/;

/** Number fields arrive as text; empty becomes null, anything but a plain decimal number is not a number. */
const toNumberOrNull = (value: unknown) => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = String(value).trim();
  if (text === '') return null;
  return DECIMAL_TEXT.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
};

/** A weight as the form shows it back: French decimal comma ('4,5'), empty when unknown. */
export const weightFieldText = (kg: number | null) => (kg === null ? '' : String(kg).replace('.', ','));

const birthYear = preprocess(
  toNumberOrNull,
  z.nullable(z.number({ error: MESSAGES.birthYearInteger }).check(z.int(MESSAGES.birthYearInteger))).check(
    z.refine((year) => year === null || (year >= LIMITS.birthYearMin && year <= new Date().getFullYear()), {
      error: () => MESSAGES.birthYearRange(new Date().getFullYear()),
    }),
  ),
);

const weightKg = preprocess(
  toNumberOrNull,
  z
    .nullable(
      z
        .number({ error: MESSAGES.weightNotNumber })
        .check(z.gte(LIMITS.weightMin, MESSAGES.weightInvalid), z.lte(LIMITS.weightMax, MESSAGES.weightTooHigh)),
    )
    // Step 0.1: tolerate binary floating point (0.3 is 0.30000000000000004 once computed).
    .check(z.refine((kg) => kg === null || Math.abs(kg * 10 - Math.round(kg * 10)) < 1e-9, MESSAGES.weightStep)),
);

const checkbox = preprocess((value) => value === true || value === 'true' || value === 'on', z.boolean());

const requiredName = z.string({ error: MESSAGES.nameRequired }).check(
  z.trim(),
  z.minLength(1, MESSAGES.nameRequired),
  z.maxLength(LIMITS.nameMaxLength, MESSAGES.tooLong(LIMITS.nameMaxLength)),
  z.refine((name) => !hasLineOrBidiCharacters(name), MESSAGES.nameCharacters),
);

const speciesFields = {
  species: z._default(z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.shortTextMaxLength))), ''),
  customSpecies: z._default(
    z.optional(
      z.string().check(z.trim(), z.maxLength(LIMITS.shortTextMaxLength, MESSAGES.tooLong(LIMITS.shortTextMaxLength))),
    ),
    '',
  ),
};

const requireCustomSpecies = z.superRefine((values: { species: string; customSpecies: string }, ctx) => {
  if (values.species === 'other' && values.customSpecies === '') {
    ctx.addIssue({ code: 'custom', path: ['customSpecies'], message: MESSAGES.customSpeciesRequired });
  }
});

const animalDetailFields = {
  breed: optionalText(LIMITS.shortTextMaxLength),
  color: optionalText(LIMITS.shortTextMaxLength),
  birth_year: birthYear,
  sex: z.nullable(z.optional(z.string())),
  sterilized: checkbox,
  weight_kg: weightKg,
  important_info: optionalText(LIMITS.longTextMaxLength),
  allergies: optionalText(LIMITS.longTextMaxLength),
  meds: optionalText(LIMITS.longTextMaxLength),
  temperament: optionalText(LIMITS.longTextMaxLength),
  vet_info: optionalText(LIMITS.longTextMaxLength),
  chip_or_tattoo: optionalText(LIMITS.shortTextMaxLength),
};

/** The animal as the database stores it (the p_animal argument of register_animal_with_code). */
export interface AnimalPayload {
  nom: string;
  espece: string | null;
  race: string | null;
  couleur: string | null;
  annee_naissance: number | null;
  sexe: 'M' | 'F' | null;
  sterilise: boolean;
  poids_kg: number | null;
  informations_importantes: string | null;
  allergies: string | null;
  medications: string | null;
  caractere: string | null;
  informations_veterinaires: string | null;
  puce_ou_tatouage: string | null;
}

type DetailValues = z.output<z.ZodMiniObject<typeof animalDetailFields>> & {
  name: string;
  species: string;
  customSpecies: string;
};

function toAnimalPayload(values: DetailValues): AnimalPayload {
  return {
    nom: values.name,
    espece: speciesToStored(values.species, values.customSpecies),
    race: values.breed,
    couleur: values.color,
    annee_naissance: values.birth_year,
    sexe: sexToStored(values.sex),
    sterilise: values.sterilized,
    poids_kg: values.weight_kg,
    informations_importantes: values.important_info,
    allergies: values.allergies,
    medications: values.meds,
    caractere: values.temperament,
    informations_veterinaires: values.vet_info,
    puce_ou_tatouage: values.chip_or_tattoo,
  };
}

/** The animal with its owner's private contacts: what activation stores and the edit page changes. */
export interface OwnedAnimalPayload extends AnimalPayload {
  email_proprietaire: string | null;
  telephone_proprietaire: string | null;
}

function toOwnedAnimalPayload(
  values: DetailValues & { owner_email: string | null; owner_phone: string | null },
): OwnedAnimalPayload {
  return {
    ...toAnimalPayload(values),
    email_proprietaire: values.owner_email,
    telephone_proprietaire: values.owner_phone,
  };
}

/** The activation form (docs/product/activation.md); its output is the RPC's p_code and p_animal. */
export const activationFormSchema = z.pipe(
  z
    .object({
      code: z
        .string({ error: MESSAGES.codeRequired })
        .check(
          z.trim(),
          z.toUpperCase(),
          z.minLength(1, MESSAGES.codeRequired),
          z.regex(CODE_PATTERN, MESSAGES.codeNotFound),
        ),
      name: requiredName,
      ...speciesFields,
      ...animalDetailFields,
      ...privateContactFields,
      photo_url: optionalText(2048),
    })
    .check(requireCustomSpecies),
  z.transform((values) => ({
    p_code: values.code,
    p_animal: {
      ...toOwnedAnimalPayload(values),
      photo_url: values.photo_url,
    },
  })),
);

export type ActivationFormInput = z.input<typeof activationFormSchema>;
export type ActivationRequest = z.output<typeof activationFormSchema>;

/** The edit page's animal fields (docs/product/animals.md, the edit page); its output is the update payload. */
export const animalEditFormSchema = z.pipe(
  z
    .object({
      name: requiredName,
      ...speciesFields,
      ...animalDetailFields,
      ...privateContactFields,
    })
    .check(requireCustomSpecies),
  z.transform(toOwnedAnimalPayload),
);

export type AnimalEditFormInput = z.input<typeof animalEditFormSchema>;

/**
 * The public contacts panel: trimmed, empty becomes null, the spec's maximum lengths. The second contact's
 * phone and e-mail follow the first's rules; its name is what a finder reads before them.
 */
export const publicContactsSchema = z.object({
  public_phone: optionalPhone,
  public_email: optionalEmail,
  public_address_line: optionalText(LIMITS.addressLineMaxLength),
  public_city: optionalText(LIMITS.cityMaxLength),
  show_public_phone: checkbox,
  show_public_email: checkbox,
  show_public_address: checkbox,
  second_contact_name: optionalText(LIMITS.secondContactNameMaxLength),
  second_contact_phone: optionalPhone,
  second_contact_email: optionalEmail,
  show_second_contact_phone: checkbox,
  show_second_contact_email: checkbox,
});

export type PublicContactsInput = z.input<typeof publicContactsSchema>;
export type PublicContactsValues = z.output<typeof publicContactsSchema>;

/** A finder's message to the owner. `website` is the hidden honeypot (`isHoneypotFilled`): a person leaves it empty. */
export const finderMessageSchema = z
  .object({
    message: optionalText(LIMITS.messageMaxLength),
    contact: optionalText(LIMITS.finderContactMaxLength),
    website: z._default(z.optional(z.string()), ''),
  })
  .check(
    z.refine((values) => values.message !== null || values.contact !== null, {
      message: MESSAGES.messageOrContactRequired,
      path: ['message'],
    }),
  );

export type FinderMessageInput = z.input<typeof finderMessageSchema>;

import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth-schemas.ts';
import { MESSAGES } from './form-messages.ts';
import { isHoneypotFilled } from './honeypot.ts';
import {
  activationFormSchema,
  animalEditFormSchema,
  finderMessageSchema,
  publicContactsSchema,
  weightFieldText,
} from './schemas.ts';

const thisYear = new Date().getFullYear();

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string> = {};
  // The first message of each field, as a form shows it.
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('activation form', () => {
  it('turns the form into the RPC arguments: trimmed, empty to null, numbers parsed, sex mapped', async () => {
    const parsed = await activationFormSchema.parseAsync({
      code: ' mdl-123 ',
      name: '  Rex ',
      species: 'dog',
      breed: '  ',
      color: ' Noir ',
      birth_year: '2019',
      sex: 'male',
      sterilized: 'true',
      weight_kg: '12,5',
      owner_email: '',
      owner_phone: ' 0612345678 ',
      important_info: 'Craint les orages',
    });
    expect(parsed).toEqual({
      p_code: 'MDL-123',
      p_animal: {
        nom: 'Rex',
        espece: 'dog',
        race: null,
        couleur: 'Noir',
        annee_naissance: 2019,
        sexe: 'M',
        sterilise: true,
        poids_kg: 12.5,
        informations_importantes: 'Craint les orages',
        allergies: null,
        medications: null,
        caractere: null,
        informations_veterinaires: null,
        puce_ou_tatouage: null,
        email_proprietaire: null,
        telephone_proprietaire: '+33612345678',
        photo_url: null,
      },
    });
  });
  it('refuses a name with a line break, a tab, a line separator or a bidi override: it goes into subjects and titles', async () => {
    for (const name of ['Rex\r\nBcc: x@evil.example', 'Rex\tX', 'Rex\u2028X', 'Rex\u202eX']) {
      for (const schema of [activationFormSchema, animalEditFormSchema]) {
        const result = await schema.safeParseAsync({ code: 'MDL-1', name });
        expect(errorsOf(result)).toMatchObject({ name: MESSAGES.nameCharacters });
      }
    }
    expect(errorsOf(await animalEditFormSchema.safeParseAsync({ name: ' Rex-Émile d’Artois\n' }))).not.toHaveProperty(
      'name',
    );
  });

  it('requires a code and a name with the spec messages', async () => {
    const result = await activationFormSchema.safeParseAsync({ code: '', name: '   ' });
    expect(errorsOf(result)).toMatchObject({ code: 'Code requis', name: "Le nom de l'animal est requis" });
  });
  it("requires the custom species when 'Autre' is chosen, and stores it", async () => {
    const missing = await activationFormSchema.safeParseAsync({
      code: 'MDL-1',
      name: 'Kiki',
      species: 'other',
      customSpecies: ' ',
    });
    expect(errorsOf(missing)).toEqual({ customSpecies: "Veuillez préciser l'espèce" });
    const given = await activationFormSchema.parseAsync({
      code: 'MDL-1',
      name: 'Kiki',
      species: 'other',
      customSpecies: ' Tortue ',
    });
    expect(given.p_animal.espece).toBe('Tortue');
  });
  it('gives null for an unknown sex and false for an unticked box', async () => {
    const parsed = await activationFormSchema.parseAsync({
      code: 'MDL-1',
      name: 'Kiki',
      sex: 'unknown',
      sterilized: false,
    });
    expect(parsed.p_animal.sexe).toBeNull();
    expect(parsed.p_animal.sterilise).toBe(false);
  });
});

describe('edit form', () => {
  const base = { name: 'Rex', species: 'dog' };
  it('accepts birth years from 1900 to the current year, and empty', async () => {
    for (const year of ['1900', String(thisYear), '']) {
      expect((await animalEditFormSchema.safeParseAsync({ ...base, birth_year: year })).success).toBe(true);
    }
    expect((await animalEditFormSchema.parseAsync({ ...base, birth_year: '' })).annee_naissance).toBeNull();
  });
  it('refuses 1899, next year and a fraction', async () => {
    for (const year of ['1899', String(thisYear + 1)]) {
      expect(errorsOf(await animalEditFormSchema.safeParseAsync({ ...base, birth_year: year }))).toEqual({
        birth_year: `L'année de naissance doit être comprise entre 1900 et ${thisYear}`,
      });
    }
    expect((await animalEditFormSchema.safeParseAsync({ ...base, birth_year: '2010.5' })).success).toBe(false);
  });
  it('accepts weights in steps of 0.1 from 0, and empty', async () => {
    for (const kg of ['0', '0.1', '0.3', '12.7', '']) {
      expect((await animalEditFormSchema.safeParseAsync({ ...base, weight_kg: kg })).success).toBe(true);
    }
    expect((await animalEditFormSchema.parseAsync({ ...base, weight_kg: '0.3' })).poids_kg).toBe(0.3);
  });
  it('reads the French decimal comma as the decimal mark: 4,5 is 4.5 kg, 1,2 is 1.2 kg', async () => {
    expect((await animalEditFormSchema.parseAsync({ ...base, weight_kg: '4,5' })).poids_kg).toBe(4.5);
    expect((await animalEditFormSchema.parseAsync({ ...base, weight_kg: ' 1,2 ' })).poids_kg).toBe(1.2);
    expect((await animalEditFormSchema.parseAsync({ ...base, weight_kg: '30' })).poids_kg).toBe(30);
  });
  it('shows a stored weight back with the comma, and reads it back unchanged', async () => {
    expect(weightFieldText(4.5)).toBe('4,5');
    expect(weightFieldText(30)).toBe('30');
    expect(weightFieldText(null)).toBe('');
    expect((await animalEditFormSchema.parseAsync({ ...base, weight_kg: weightFieldText(12.7) })).poids_kg).toBe(12.7);
  });
  it('refuses a negative weight, a finer step, too much, and anything but a plain number, in French', async () => {
    expect(errorsOf(await animalEditFormSchema.safeParseAsync({ ...base, weight_kg: '-0.1' }))).toEqual({
      weight_kg: 'Le poids doit être un nombre positif',
    });
    expect(errorsOf(await animalEditFormSchema.safeParseAsync({ ...base, weight_kg: '12,25' }))).toEqual({
      weight_kg: 'Le poids se saisit au dixième de kilo près',
    });
    expect(errorsOf(await animalEditFormSchema.safeParseAsync({ ...base, weight_kg: '1000' }))).toEqual({
      weight_kg: 'Le poids ne peut pas dépasser 999,9 kg',
    });
    for (const garbage of ['lourd', '4,5,6', '1.234,5', '4 5', '1e3', '0x10', 'Infinity', ',5']) {
      expect(errorsOf(await animalEditFormSchema.safeParseAsync({ ...base, weight_kg: garbage }))).toEqual({
        weight_kg: 'Saisissez le poids en kilos, par exemple 4,5',
      });
    }
  });
  it('requires the name', async () => {
    expect(errorsOf(await animalEditFormSchema.safeParseAsync({ name: '' }))).toEqual({
      name: "Le nom de l'animal est requis",
    });
  });
});

describe('public contacts', () => {
  it('trims, turns empty into null and keeps the switches', async () => {
    expect(
      await publicContactsSchema.parseAsync({
        public_phone: ' 06 12 34 56 78 ',
        public_email: '',
        public_address_line: '  ',
        public_city: ' Lyon ',
        show_public_phone: true,
        show_public_email: false,
        show_public_address: true,
      }),
    ).toEqual({
      public_phone: '+33612345678',
      public_email: null,
      public_address_line: null,
      public_city: 'Lyon',
      show_public_phone: true,
      show_public_email: false,
      show_public_address: true,
      second_contact_name: null,
      second_contact_phone: null,
      second_contact_email: null,
      show_second_contact_phone: false,
      show_second_contact_email: false,
    });
  });
  it('enforces the maximum lengths: phone 32, email 254, line 120, city 80', async () => {
    const ok = {
      public_phone: '0033 (0) 6 . 12 . 34 . 56 . 78 .',
      public_email: `${'a'.repeat(243)}@exemple.fr`,
      public_address_line: 'a'.repeat(120),
      public_city: 'b'.repeat(80),
    };
    expect((await publicContactsSchema.safeParseAsync(ok)).success).toBe(true);
    const tooLong = {
      public_phone: '0033 (0) 6 . 12 . 34 . 56 . 78 ..',
      public_email: `${'a'.repeat(245)}@exemple.fr`,
      public_address_line: 'a'.repeat(121),
      public_city: 'b'.repeat(81),
    };
    expect(errorsOf(await publicContactsSchema.safeParseAsync(tooLong))).toEqual({
      public_phone: '32 caractères maximum',
      public_email: '254 caractères maximum',
      public_address_line: '120 caractères maximum',
      public_city: '80 caractères maximum',
    });
  });
  it('refuses a malformed e-mail', async () => {
    expect(errorsOf(await publicContactsSchema.safeParseAsync({ public_email: 'marie@' }))).toEqual({
      public_email: 'Veuillez saisir un email valide',
    });
  });
  it('refuses a phone that is not a number: a finder would get a call link that calls nobody', async () => {
    for (const phone of [
      'abc',
      '06 12 AB 56 78',
      'marie@exemple.fr',
      '12345',
      '06+12345678',
      '1'.repeat(16),
      '123456',
    ]) {
      expect(errorsOf(await publicContactsSchema.safeParseAsync({ public_phone: phone })), phone).toEqual({
        public_phone: 'Veuillez saisir un numéro de téléphone valide',
      });
    }
    for (const phone of ['06 12 34 56 78', '06.12.34.56.78', '+44 20 7946 0958', '+33 (0)6 12 34 56 78']) {
      expect((await publicContactsSchema.safeParseAsync({ public_phone: phone })).success, phone).toBe(true);
    }
  });
});

describe('the second contact', () => {
  it('is trimmed, empty becomes null, its switches default to off', async () => {
    expect(
      await publicContactsSchema.parseAsync({
        second_contact_name: ' Marie ',
        second_contact_phone: ' 07 11 22 33 44 ',
        second_contact_email: '  ',
        show_second_contact_phone: true,
      }),
    ).toMatchObject({
      second_contact_name: 'Marie',
      second_contact_phone: '+33711223344',
      second_contact_email: null,
      show_second_contact_phone: true,
      show_second_contact_email: false,
    });
  });
  it('follows the first contact’s rules: a number, an address, their lengths; its name 60 at most', async () => {
    expect(
      (
        await publicContactsSchema.safeParseAsync({
          second_contact_name: 'n'.repeat(60),
          second_contact_phone: '0033 (0) 6 . 12 . 34 . 56 . 78 .',
          second_contact_email: `${'a'.repeat(243)}@exemple.fr`,
        })
      ).success,
    ).toBe(true);
    expect(
      errorsOf(
        await publicContactsSchema.safeParseAsync({
          second_contact_name: 'n'.repeat(61),
          second_contact_phone: '0033 (0) 6 . 12 . 34 . 56 . 78 ..',
          second_contact_email: `${'a'.repeat(245)}@exemple.fr`,
        }),
      ),
    ).toEqual({
      second_contact_name: '60 caractères maximum',
      second_contact_phone: '32 caractères maximum',
      second_contact_email: '254 caractères maximum',
    });
    expect(
      errorsOf(
        await publicContactsSchema.safeParseAsync({ second_contact_phone: 'Marie', second_contact_email: 'marie@' }),
      ),
    ).toEqual({
      second_contact_phone: 'Veuillez saisir un numéro de téléphone valide',
      second_contact_email: 'Veuillez saisir un email valide',
    });
  });
});

describe("the owner's private contacts", () => {
  it('are checked at activation as the public ones are', async () => {
    const result = await activationFormSchema.safeParseAsync({
      code: 'MDL-1',
      name: 'Rex',
      owner_email: 'marie@',
      owner_phone: 'abc',
    });
    expect(errorsOf(result)).toEqual({
      owner_email: 'Veuillez saisir un email valide',
      owner_phone: 'Veuillez saisir un numéro de téléphone valide',
    });
  });
  it('are part of the edit form, so the owner can see and change them after activation', async () => {
    const parsed = await animalEditFormSchema.parseAsync({
      name: 'Rex',
      owner_email: ' marie@exemple.fr ',
      owner_phone: '',
    });
    expect(parsed).toMatchObject({ nom: 'Rex', email_proprietaire: 'marie@exemple.fr', telephone_proprietaire: null });
    expect(errorsOf(await animalEditFormSchema.safeParseAsync({ name: 'Rex', owner_phone: 'abc' }))).toEqual({
      owner_phone: 'Veuillez saisir un numéro de téléphone valide',
    });
  });
});

describe('finder message', () => {
  it('accepts 300 characters and refuses 301', () => {
    expect(finderMessageSchema.safeParse({ message: 'x'.repeat(300) }).success).toBe(true);
    expect(finderMessageSchema.safeParse({ message: 'x'.repeat(301) }).success).toBe(false);
  });
  it('needs a message or a contact', () => {
    expect(finderMessageSchema.safeParse({ message: '  ', contact: '' }).success).toBe(false);
    expect(finderMessageSchema.safeParse({ contact: '0612345678' }).success).toBe(true);
  });
  it('recognises a filled honeypot', () => {
    expect(isHoneypotFilled({ website: 'http://spam' })).toBe(true);
    expect(isHoneypotFilled({ website: '' })).toBe(false);
  });
});

describe('auth forms', () => {
  it('login needs both fields and a plausible e-mail', () => {
    expect(errorsOf(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Veuillez remplir tous les champs',
      password: 'Veuillez remplir tous les champs',
    });
    expect(errorsOf(loginSchema.safeParse({ email: 'marie', password: 'x' }))).toEqual({
      email: 'Veuillez saisir un email valide',
    });
  });
  it('register asks for 8 characters, the dialog for 6', () => {
    expect(errorsOf(registerSchema().safeParse({ email: 'a@b.fr', password: '1234567' }))).toEqual({
      password: 'Le mot de passe ne respecte pas tous les critères',
    });
    expect(registerSchema().safeParse({ email: 'a@b.fr', password: 'chat1234' }).success).toBe(true);
    expect(registerSchema(6).safeParse({ email: 'a@b.fr', password: 'chat12' }).success).toBe(true);
  });
  it('register asks for a letter and a digit, as the auth service does (password_requirements)', () => {
    for (const password of ['12345678', 'motdepasse', '        ', 'éééééé12']) {
      expect(errorsOf(registerSchema().safeParse({ email: 'a@b.fr', password }))).toEqual({
        password: 'Le mot de passe ne respecte pas tous les critères',
      });
    }
  });
});

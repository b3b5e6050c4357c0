import { describe, expect, it } from 'vitest';
import { type PublicProfile, scanAnswerOf, scanAnswerProblems } from './public-profile.ts';

const REX: PublicProfile = {
  status: 'claimed',
  code: 'MDL-REX',
  name: 'Rex',
  species: 'dog',
  breed: null,
  color: null,
  sex: 'M',
  sterilized: true,
  weight_kg: 12.5,
  birth_year: 2019,
  important_info: null,
  allergies: null,
  meds: null,
  temperament: null,
  vet_info: null,
  chip_or_tattoo: null,
  is_lost: true,
  last_known_location: { lat: 45.76, lon: 4.83, accuracy_m: null, at: '2026-11-26T08:00:00Z' },
  photo_url: null,
  cover_photo_id: 'p1',
  photos: [{ id: 'p1', path: 'a/p1.jpg', position: 0, width: 800, height: null, url: 'https://x.test/a/p1.jpg' }],
  public_phone: '0612345678',
  show_public_phone: true,
  show_public_email: false,
  show_public_address: false,
  show_second_contact_phone: false,
  show_second_contact_email: false,
  emergency_health: [{ kind: 'treatment', label: 'Insuline', given_on: '2026-10-02', next_due_on: null }],
};

describe('the public profile’s declared shape', () => {
  it('accepts a profile and each answer without one', () => {
    expect(scanAnswerProblems(REX, { exact: true })).toEqual([]);
    for (const status of ['not_found', 'unclaimed', 'suspended', 'retired']) {
      expect(scanAnswerProblems({ status, code: 'MDL-1' }, { exact: true })).toEqual([]);
    }
  });

  it('names each field that is missing or of another type, where it is', () => {
    const { name: _name, ...nameless } = REX;
    expect(
      scanAnswerProblems({
        ...nameless,
        weight_kg: '12.5',
        last_known_location: { lat: 45.76, lon: 4.83, at: 'now' },
        photos: [{ ...REX.photos[0], position: 0.5 }],
      }),
    ).toEqual([
      'answer.name: missing',
      'answer.weight_kg: not a number',
      'answer.last_known_location.accuracy_m: missing',
      'answer.photos[0].position: not an integer',
    ]);
  });

  it('wants each photo’s URL in the function’s answer, and none in the SQL’s', () => {
    const stored = { ...REX, photos: [{ id: 'p1', path: 'a/p1.jpg', position: 0, width: 800, height: null }] };
    expect(scanAnswerProblems(stored)).toEqual(['answer.photos[0].url: missing']);
    expect(scanAnswerProblems(stored, { photos: 'stored', exact: true })).toEqual([]);
  });

  it('wants, when exact, a contact exactly when its switch is on, an address with its city', () => {
    expect(scanAnswerProblems({ ...REX, show_public_phone: false }, { exact: true })).toEqual([
      'answer.public_phone: sent while show_public_phone is false',
    ]);
    const halfAddress = { ...REX, show_public_address: true, public_address_line: '3 rue des Lilas' };
    expect(scanAnswerProblems(halfAddress, { exact: true })).toEqual([
      'answer.public_city: missing while show_public_address is true',
    ]);
    // A reader still takes such an answer: the page shows no contact whose switch is off.
    expect(scanAnswerProblems({ ...REX, show_public_phone: false })).toEqual([]);
  });

  it('wants, when exact, the second contact’s values with their switches, and its name only with one of them', () => {
    const marie = {
      ...REX,
      show_second_contact_phone: true,
      second_contact_phone: '0711223344',
      second_contact_name: 'Marie',
    };
    expect(scanAnswerProblems(marie, { exact: true })).toEqual([]);
    expect(scanAnswerProblems({ ...marie, show_second_contact_phone: false }, { exact: true })).toEqual([
      'answer.second_contact_phone: sent while show_second_contact_phone is false',
      'answer.second_contact_name: sent without a second contact',
    ]);
    expect(
      scanAnswerProblems({ ...REX, show_second_contact_email: true, second_contact_name: 'Marie' }, { exact: true }),
    ).toEqual(['answer.second_contact_email: missing while show_second_contact_email is true']);
    expect(scanAnswerProblems({ ...REX, second_contact_email: 3 })).toEqual([
      'answer.second_contact_email: not a string',
    ]);
  });

  it('reads an answer without the second contact’s switches (a database not migrated yet), except when exact', () => {
    const { show_second_contact_phone: _phone, show_second_contact_email: _email, ...older } = REX;
    expect(scanAnswerOf(older)).toBe(older);
    expect(scanAnswerProblems(older, { exact: true })).toEqual([
      'answer.show_second_contact_phone: missing',
      'answer.show_second_contact_email: missing',
    ]);
  });

  it('reads an answer without what the booklet shows (a database not migrated yet), except when exact', () => {
    const { emergency_health: _health, ...older } = REX;
    expect(scanAnswerOf(older)).toBe(older);
    expect(scanAnswerProblems(older, { exact: true })).toEqual(['answer.emergency_health: missing']);
  });

  it('wants of the booklet a vaccination or a treatment with its dates, nothing else', () => {
    const visit = {
      ...REX,
      emergency_health: [{ kind: 'visit', label: 'Bilan', given_on: '2026-10-02', next_due_on: null }],
    };
    expect(scanAnswerProblems(visit)).toEqual(['answer.emergency_health[0].kind: not one of vaccination, treatment']);
    const noted = { ...REX, emergency_health: [{ ...REX.emergency_health?.[0], notes: 'Lot 4711' }] };
    expect(scanAnswerProblems(noted, { exact: true })).toEqual(['answer.emergency_health[0].notes: not declared']);
  });

  it('refuses an undeclared field only when exact, so that readers survive a new one', () => {
    const withExtra = { ...REX, email_proprietaire: 'prive@example.fr' };
    expect(scanAnswerProblems(withExtra, { exact: true })).toEqual(['answer.email_proprietaire: not declared']);
    expect(scanAnswerOf(withExtra)).toBe(withExtra);
  });

  it('refuses what is no answer at all', () => {
    expect(() => scanAnswerOf(null)).toThrow(TypeError);
    expect(() => scanAnswerOf({ status: 'rate_limited' })).toThrow(
      'answer.status: not one of not_found, unclaimed, suspended, retired; answer.code: missing',
    );
  });
});

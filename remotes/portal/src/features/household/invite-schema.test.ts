import { describe, expect, it } from 'vitest';
import { inviteSchema } from './invite-schema.ts';

const schema = inviteSchema('2026-12-12');
const problems = (values: { email: string; role: 'co_owner' | 'keeper'; access_until: string }) => {
  const parsed = schema.safeParse(values);
  // The form shows each field's first problem.
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.toReversed().map((issue) => [issue.path[0], issue.message]));
};

describe('the invitation form', () => {
  it('sends a co-owner without a last day, the address trimmed and in lower case', () => {
    expect(schema.parse({ email: ' Marie@Exemple.fr ', role: 'co_owner', access_until: '2026-12-20' })).toEqual({
      email: 'marie@exemple.fr',
      role: 'co_owner',
      access_until: null,
    });
  });

  it('sends a keeper with their last day, today included', () => {
    expect(schema.parse({ email: 'paul@exemple.fr', role: 'keeper', access_until: '2026-12-12' })).toEqual({
      email: 'paul@exemple.fr',
      role: 'keeper',
      access_until: '2026-12-12',
    });
  });

  it('asks a keeper’s last day, not before today, and a valid address', () => {
    expect(problems({ email: 'paul@exemple.fr', role: 'keeper', access_until: '' })).toEqual({
      access_until: 'Indiquez le dernier jour de garde.',
    });
    expect(problems({ email: 'paul@exemple.fr', role: 'keeper', access_until: '2026-12-11' })).toEqual({
      access_until: "La date de fin doit être aujourd'hui ou plus tard.",
    });
    expect(problems({ email: '', role: 'co_owner', access_until: '' })).toEqual({
      email: "Saisissez l'adresse e-mail de la personne à inviter.",
    });
    expect(problems({ email: 'paul@exemple', role: 'co_owner', access_until: '' })).toEqual({
      email: 'Veuillez saisir un email valide',
    });
  });
});

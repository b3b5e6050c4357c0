import { describe, expect, it } from 'vitest';
import { accessEnded, editsAnimal, householdRole, roleLabel } from './roles.ts';

describe('a household member’s role', () => {
  it('reads as the household says it', () => {
    const today = '2026-12-12';
    expect(roleLabel({ role: 'owner', access_until: null }, today)).toBe('Propriétaire');
    expect(roleLabel({ role: 'co_owner', access_until: null }, today)).toBe('Co-propriétaire');
    expect(roleLabel({ role: 'keeper', access_until: '2026-12-12' }, today)).toBe(
      "Gardien·ne jusqu'au 12 décembre 2026",
    );
    expect(roleLabel({ role: 'keeper', access_until: '2026-12-11' }, today)).toBe('Accès terminé le 11 décembre 2026');
  });

  it('ends after the last day, which is included', () => {
    expect(accessEnded('2026-12-12', '2026-12-12')).toBe(false);
    expect(accessEnded('2026-12-11', '2026-12-12')).toBe(true);
    expect(accessEnded(null, '2026-12-12')).toBe(false);
  });

  it('lets owner and co-owners edit, a keeper not, nor a role the portal does not know', () => {
    expect(editsAnimal(householdRole('owner'))).toBe(true);
    expect(editsAnimal(householdRole('co_owner'))).toBe(true);
    expect(editsAnimal(householdRole('keeper'))).toBe(false);
    expect(householdRole('veterinarian')).toBe('keeper');
  });
});

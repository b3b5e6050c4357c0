import { parisDay } from '../../ui/paris-time.ts';
import { HOUSEHOLD_COPY } from './copy.ts';

// The roles of an animal's household (animal_members.role) and what the portal makes of them: who edits the
// animal, who manages its members, and how a member's role reads.

export const HOUSEHOLD_ROLES = ['owner', 'co_owner', 'keeper'] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];
/** The roles an invitation gives: the owner is the one who invites. */
export type InvitedRole = Exclude<HouseholdRole, 'owner'>;

/** A stored role; one the portal does not know reads as a keeper's, who may do the least. */
export function householdRole(stored: string): HouseholdRole {
  return HOUSEHOLD_ROLES.find((role) => role === stored) ?? 'keeper';
}

/** Owner and co-owners edit the animal; a keeper changes only its lost mode (the database decides as much). */
export const editsAnimal = (role: HouseholdRole) => role !== 'keeper';

/** A keeper whose last day (inclusive, a 'YYYY-MM-DD' in Paris's calendar) is before `today`. */
export function accessEnded(accessUntil: string | null, today: string): boolean {
  return accessUntil !== null && accessUntil < today;
}

/** 'Propriétaire', 'Co-propriétaire', 'Gardien·ne jusqu'au 12 décembre 2026' or 'Accès terminé le …'. */
export function roleLabel(member: { role: HouseholdRole; access_until: string | null }, today: string): string {
  const text = HOUSEHOLD_COPY.household;
  if (member.role !== 'keeper' || member.access_until === null) return text.roles[member.role];
  const day = parisDay(member.access_until);
  return accessEnded(member.access_until, today) ? text.accessEnded(day) : text.keeperUntil(day);
}

import { lazy } from 'react';

// What other features use of the household: the roles and how they read ('Mes animaux', the animal's pages),
// the household's section of an animal's page (a chunk of its own, loaded with that page's content), its
// members (the second contact's choice of an address), and the invitation kept in this browser across
// sign-in (the e-mail callback).
export { type Household, useHousehold } from './api.ts';
export { readPendingInvitation } from './pending-invitation.ts';
export { editsAnimal, type HouseholdRole, householdRole, roleLabel } from './roles.ts';

export const HouseholdSection = /* @__PURE__ */ lazy(() =>
  import('./household-section.tsx').then((m) => ({ default: m.HouseholdSection })),
);

import { lazy } from 'react';

// What other features use of the household: the roles and how they read ('Mes animaux', the animal's pages),
// the household's section of an animal's page (a chunk of its own, loaded with that page's content), its
// members (the second contact's choice of an address), the new owner's reminder of I-CAD at the top of the
// animal's page, and the invitation kept in this browser across sign-in (the e-mail callback, the sign-up).
export { type Household, useHousehold } from './api.ts';
export { NewOwnerReminder } from './new-owner-reminder.tsx';
export { readPendingInvitation } from './pending-invitation.ts';
export { accessEnded, editsAnimal, type HouseholdRole, householdRole, roleLabel } from './roles.ts';

export const HouseholdSection = /* @__PURE__ */ lazy(() =>
  import('./household-section.tsx').then((m) => ({ default: m.HouseholdSection })),
);

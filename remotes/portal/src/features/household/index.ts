// What other features use of the household: the roles and how they read ('Mes animaux', the animal's pages).
export { editsAnimal, type HouseholdRole, householdRole, roleLabel } from './roles.ts';

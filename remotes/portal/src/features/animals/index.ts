// What other features use of animals: the fields the activation form shares with the edit page, and the
// owner's list for 'Mes animaux'.
export { AnimalFields } from './animal-fields.tsx';
export { type AnimalCard, coverPhoto, useOwnerAnimals } from './api.ts';

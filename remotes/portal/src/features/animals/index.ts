// What other features use of animals: the fields the activation form shares with the edit page, and the
// owner's list for 'Mes animaux', and one of their animals (the inbox page).
export { AnimalFields } from './animal-fields.tsx';
export { type AnimalCard, coverPhoto, useOwnedAnimal, useOwnerAnimals } from './api.ts';

// What other features use of animals: the fields the activation form shares with the edit page, the
// owner's list for 'Mes animaux', one of their animals (the inbox page, the poster), and its medal's QR code
// (the poster's).
export { AnimalFields } from './animal-fields.tsx';
export { type AnimalCard, coverPhoto, type OwnedAnimal, useOwnedAnimal, useOwnerAnimals } from './api.ts';
export { medalQrSvg, medalUrl } from './medal-qr-files.ts';

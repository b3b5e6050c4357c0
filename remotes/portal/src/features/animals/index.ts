// What other features use of animals: the fields the activation form shares with the edit page, the
// owner's list for 'Mes animaux', one of their animals (the inbox page, the poster), its medal's QR code
// (the poster's), and the French refusal a function answered with ('Mon compte').
export { AnimalFields } from './animal-fields.tsx';
export {
  type AnimalCard,
  coverPhoto,
  type OwnedAnimal,
  serverMessage,
  useOwnedAnimal,
  useOwnerAnimals,
} from './api.ts';
export { medalQrSvg, medalUrl } from './medal-qr-files.ts';
export { OwnedAnimalRoute } from './owned-animal-route.tsx';

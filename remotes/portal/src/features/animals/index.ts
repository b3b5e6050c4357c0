// What other features use of animals: the fields the activation form shares with the edit page, the list of
// 'Mes animaux', one animal with the person's role in its household (the inbox page, the poster), and its
// medal's QR code (the poster's).
export { AnimalFields } from './animal-fields.tsx';
export { type AnimalCard, coverPhoto, type MemberAnimal, useMyAnimals } from './api.ts';
export { medalUrl, qrSvg } from './medal-qr-files.ts';
export { MemberAnimalRoute } from './member-animal-route.tsx';

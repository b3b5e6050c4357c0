// What other features use of photos: the gallery and its photos, the upload of chosen files, the check of a
// chosen file, and a stored photo's address.
export { type AnimalPhotos, uploadAnimalPhotos, useAnimalPhotos } from './api.ts';
export { photoProblem } from './image-files.ts';
export { PhotoGallery } from './photo-gallery.tsx';
export { photoUrl } from './photo-url.ts';

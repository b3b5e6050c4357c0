// What other features use of photos: the gallery, the upload of chosen files, the check of a chosen file,
// and a stored photo's address.
export { uploadAnimalPhotos } from './api.ts';
export { photoProblem } from './image-files.ts';
export { PhotoGallery } from './photo-gallery.tsx';
export { photoUrl } from './photo-url.ts';

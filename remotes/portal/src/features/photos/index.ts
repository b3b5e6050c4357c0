// What other features use of photos: the gallery and its photos, the drop zone and thumbnails of photos
// chosen before they are stored, their upload and check, and a stored photo's address.
export { type AnimalPhotos, type UploadState, uploadAnimalPhotos, useAnimalPhotos } from './api.ts';
export { ChosenPhotos, useFileUrls } from './chosen-photos.tsx';
export { photoProblem } from './image-files.ts';
export { PhotoDropZone } from './photo-drop-zone.tsx';
export { PhotoGallery } from './photo-gallery.tsx';
export { photoUrl } from './photo-url.ts';
export { UploadProgress } from './upload-progress.tsx';

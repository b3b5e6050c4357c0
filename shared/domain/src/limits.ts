/** Business constants of docs/product/limits.md, in one place for the front-ends, the functions and the tests. */
export const LIMITS = {
  locationShareCooldownMs: 2 * 60 * 1000,
  geolocationTimeoutMs: 15_000,
  maxPhotosPerAnimal: 8,
  maxPhotoBytes: 10 * 1024 * 1024,
  activationImageMaxSide: 1920,
  galleryImageMaxSide: 1600,
  imageQuality: 0.85,
  messageMaxLength: 300,
  finderContactMaxLength: 254,
  /**
   * The finder's photo of the animal they found: the file chosen (25 MB, enough for any phone camera's
   * photo, which the browser resizes; a bound on what it is asked to decode), then what is sent once
   * resized as JPEG, small enough for a function's request body (1 MB as base64 in JSON).
   */
  finderPhotoMaxBytes: 25 * 1024 * 1024,
  finderPhotoSentMaxBytes: 700 * 1024,
  finderPhotoMaxSide: 1600,
  finderPhotoQuality: 0.8,
  birthYearMin: 1900,
  weightStep: 0.1,
  weightMin: 0,
  weightMax: 999.9,
  // The auth service's minimum_password_length, for the register page and the activation dialog alike
  // (the first specification read 6 in the dialog, which the service refused in English: 8 everywhere).
  passwordMinRegister: 8,
  phoneMaxLength: 32,
  emailMaxLength: 254,
  addressLineMaxLength: 120,
  cityMaxLength: 80,
  /** The second contact's name, what a finder reads before its phone and e-mail ('Marie'). */
  secondContactNameMaxLength: 60,
  nameMaxLength: 100,
  shortTextMaxLength: 100,
  longTextMaxLength: 2000,
  lightboxZoomStep: 1.5,
  lightboxZoomMin: 0.5,
  lightboxZoomMax: 5,
  lightboxSwipeMinX: 50,
  lightboxSwipeMaxY: 100,
  carouselSwipeMinX: 50,
} as const;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;

export const PHOTO_BUCKET = 'animal-photos';

/** The private bucket of finders' photos, {animal_id}/{name}: only the animal's owner reads them. */
export const FINDER_PHOTO_BUCKET = 'finder-photos';

/** The public bucket of the photos of animals found without a medal, {folder}/{name}.jpg (docs/product/found.md). */
export const FOUND_PHOTO_BUCKET = 'found-photos';

/** The public download URL of a photo of a public bucket (animal-photos by default), as storage-js's getPublicUrl builds it. */
export function photoPublicUrl(
  supabaseUrl: string,
  path: string,
  bucket: typeof PHOTO_BUCKET | typeof FOUND_PHOTO_BUCKET = PHOTO_BUCKET,
): string {
  return encodeURI(`${supabaseUrl}/storage/v1/object/public/${bucket}/${path}`);
}

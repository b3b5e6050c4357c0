import { LIMITS } from '@medaille/domain';

/** The types a finder may choose: listed rather than image/*, so that iOS hands a camera's HEIC over as JPEG. */
export const FINDER_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type PhotoProblem = 'type' | 'tooLarge' | 'unreadable';

/**
 * Why a chosen file cannot be sent, before reading it: its declared type, and a size beyond any phone
 * camera's photo (LIMITS.finderPhotoMaxBytes); a large photo is resized, not refused.
 */
export function photoProblem(file: File): PhotoProblem | null {
  if (!(FINDER_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > LIMITS.finderPhotoMaxBytes) return 'tooLarge';
  return null;
}

/** Longest side and JPEG quality, tried in turn until the photo fits what the server takes. */
export const PHOTO_ATTEMPTS = [
  [LIMITS.finderPhotoMaxSide, LIMITS.finderPhotoQuality],
  [1200, 0.7],
  [800, 0.6],
] as const;

/**
 * The photo as it is sent: decoded (turned upright by its EXIF orientation), its longest side brought
 * to 1600 px at most, encoded as JPEG 0.8 (smaller again if still over 700 KB), in base64. Drawn anew,
 * it carries none of the file's metadata: not the place where the camera took it. Throws when the
 * browser cannot decode it.
 */
export async function resizedPhotoBase64(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    for (const [maxSide, quality] of PHOTO_ATTEMPTS) {
      const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      // A transparent PNG becomes JPEG on white, not black.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (!blob) throw new Error('canvas encoding failed');
      if (blob.size <= LIMITS.finderPhotoSentMaxBytes) return base64Of(blob);
    }
    throw new Error('photo still too large once resized');
  } finally {
    bitmap.close();
  }
}

async function base64Of(blob: Blob): Promise<string> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}

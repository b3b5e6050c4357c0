import { ACCEPTED_IMAGE_TYPES, LIMITS } from '@medaille/domain';

/**
 * Why a chosen file cannot be a photo (docs/product/photos.md), or null when it can: not an image, not one of the
 * accepted types, or over 10 MB. The activation form and the gallery each say it in their own words.
 */
export function photoProblem(file: File): 'not-image' | 'format' | 'size' | null {
  if (!file.type.startsWith('image/')) return 'not-image';
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'format';
  if (file.size > LIMITS.maxPhotoBytes) return 'size';
  return null;
}

export interface ResizedImage {
  blob: Blob;
  width: number;
  height: number;
  extension: string;
}

/**
 * Scales an image down so that its longest side is at most `maxSide`, and re-encodes it: JPEG at 0.85 at
 * activation, the original type at 0.85 in the gallery (docs/product/photos.md). Smaller images are re-encoded too.
 */
export async function resizeImage(file: Blob, maxSide: number, type: string): Promise<ResizedImage> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, LIMITS.imageQuality));
  if (!blob) throw new Error('image could not be encoded');
  const extension = blob.type === 'image/png' ? 'png' : blob.type === 'image/webp' ? 'webp' : 'jpg';
  return { blob, width, height, extension };
}

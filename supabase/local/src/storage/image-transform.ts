// Supabase Storage's image transformations (/render/image/...): imgproxy there, sharp here. The same
// parameters and defaults: width and height in pixels, resize cover | contain | fill, quality 20..100
// (80), never enlarged, WebP when the browser accepts it unless format=origin.
import sharp from 'sharp';

export interface ImageTransform {
  width?: number;
  height?: number;
  resize: 'cover' | 'contain' | 'fill';
  quality: number;
  keepFormat: boolean;
}

const MAX_DIMENSION = 2500;
const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;
const FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** The query's transformation, or the reason it is refused (Storage answers such a request with 400). */
export function parseImageTransform(query: Record<string, string>): ImageTransform | string {
  const dimension = (key: 'width' | 'height') => {
    const text = query[key];
    if (text === undefined) return undefined;
    const value = Number(text);
    return Number.isInteger(value) && value >= 1 && value <= MAX_DIMENSION ? value : null;
  };
  const width = dimension('width');
  const height = dimension('height');
  if (width === null || height === null) return `width and height must be whole numbers from 1 to ${MAX_DIMENSION}`;
  const resize = query.resize ?? 'cover';
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') return 'resize must be cover, contain or fill';
  const quality = Number(query.quality ?? 80);
  if (!Number.isInteger(quality) || quality < 20 || quality > 100)
    return 'quality must be a whole number from 20 to 100';
  if (query.format !== undefined && query.format !== 'origin') return 'format can only be origin';
  return { width, height, resize, quality, keepFormat: query.format === 'origin' };
}

/** The format of the answer: WebP for a browser that takes it, else the original's (WebP if unknown). */
export function outputFormat(mime: string, transform: ImageTransform, accept: string | undefined) {
  const original = FORMATS[mime as keyof typeof FORMATS];
  return original && (transform.keepFormat || !accept?.includes('image/webp')) ? original : 'webp';
}

/** The transformed image in the given format. */
export function transformImage(
  bytes: Buffer,
  transform: ImageTransform,
  format: ReturnType<typeof outputFormat>,
): Promise<Buffer> {
  return sharp(bytes)
    .rotate() // as the photo was taken (EXIF orientation), like imgproxy
    .resize({ width: transform.width, height: transform.height, fit: FIT[transform.resize], withoutEnlargement: true })
    .toFormat(format, { quality: transform.quality })
    .toBuffer();
}

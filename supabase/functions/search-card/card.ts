// The picture of a search page's shared link (Open Graph's and Twitter's 1200 × 630): the cover photo filling
// it, a dark band at its foot with the page's heading and its first line, as a JPEG small enough for every
// messaging app's preview. Photon (WebAssembly) decodes what phones give (JPEG, PNG, WebP), draws the text with
// its own font and encodes; loaded on the first picture only, so that nothing else pays for it.

import { SEARCH_CARD_SIZE } from '../_shared/domain/index.ts';

const { width: CARD_WIDTH, height: CARD_HEIGHT } = SEARCH_CARD_SIZE;
const BAND_HEIGHT = 190;
const MARGIN = 48;
/** The band: near black, a little see-through; the text: white, then a softer white. */
const BAND = [24, 20, 18, 215] as const;
const HEADING = { size: 64, smallest: 40, top: CARD_HEIGHT - BAND_HEIGHT + 30, colour: [255, 255, 255] } as const;
const DETAIL = { size: 36, smallest: 28, top: CARD_HEIGHT - BAND_HEIGHT + 118, colour: [232, 226, 220] } as const;
/** Without a photo: the brand's colour (--md-color-brand-strong). */
const NO_PHOTO = [154, 52, 18] as const;
const JPEG_QUALITY = 82;

type Photon = typeof import('@cf-wasm/photon');
type PhotonImage = InstanceType<Photon['PhotonImage']>;

export interface CardText {
  heading: string;
  detail: string;
}

/** The card's JPEG; a photo that cannot be read leaves the brand's colour instead. */
export async function composeCard(photo: Uint8Array | null, text: CardText): Promise<Uint8Array<ArrayBuffer>> {
  const photon = await import('@cf-wasm/photon');
  const card = (photo && coverOf(photon, photo)) ?? filled(photon, CARD_WIDTH, CARD_HEIGHT, [...NO_PHOTO, 255]);
  const band = filled(photon, CARD_WIDTH, BAND_HEIGHT, BAND);
  photon.watermark(card, band, 0n, BigInt(CARD_HEIGHT - BAND_HEIGHT));
  band.free();
  for (const [line, style] of [
    [text.heading, HEADING],
    [text.detail, DETAIL],
  ] as const) {
    const fitted = fit(photon, line, style.size, style.smallest);
    const [red, green, blue] = style.colour;
    // A line made smaller stays centred on its place.
    const top = style.top + Math.round((style.size - fitted.size) / 2);
    photon.draw_text_with_color(card, fitted.text, MARGIN, top, fitted.size, new photon.Rgba(red, green, blue, 255));
  }
  const jpeg = new Uint8Array(card.get_bytes_jpeg(JPEG_QUALITY));
  card.free();
  return jpeg;
}

/** The photo scaled to cover the card and cut to it around its centre, or null when it is no image. */
function coverOf(photon: Photon, bytes: Uint8Array): PhotonImage | null {
  let image: PhotonImage;
  try {
    image = photon.PhotonImage.new_from_byteslice(bytes);
  } catch {
    return null;
  }
  const scale = Math.max(CARD_WIDTH / image.get_width(), CARD_HEIGHT / image.get_height());
  const width = Math.max(CARD_WIDTH, Math.round(image.get_width() * scale));
  const height = Math.max(CARD_HEIGHT, Math.round(image.get_height() * scale));
  const scaled = photon.resize(image, width, height, photon.SamplingFilter.Triangle);
  image.free();
  const left = Math.floor((width - CARD_WIDTH) / 2);
  const top = Math.floor((height - CARD_HEIGHT) / 2);
  const cut = photon.crop(scaled, left, top, left + CARD_WIDTH, top + CARD_HEIGHT);
  scaled.free();
  return cut;
}

function filled(photon: Photon, width: number, height: number, rgba: readonly number[]): PhotonImage {
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set(rgba, i);
  return new photon.PhotonImage(pixels, width, height);
}

/**
 * The line at the largest size from `size` down to `smallest` at which it fits between the margins, measured
 * by the ink the same font leaves; still too long at the smallest, it is cut on a word where it can, with '…'.
 */
function fit(photon: Photon, line: string, size: number, smallest: number): { text: string; size: number } {
  const room = CARD_WIDTH - 2 * MARGIN;
  for (let at = size; at >= smallest; at -= 4) if (inkWidth(photon, line, at) <= room) return { text: line, size: at };
  const characters = Array.from(line);
  let fits = 0;
  let tooLong = characters.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (inkWidth(photon, shortened(characters, middle), smallest) <= room) fits = middle;
    else tooLong = middle;
  }
  return { text: shortened(characters, fits), size: smallest };
}

function shortened(characters: string[], length: number): string {
  const cut = characters.slice(0, length).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > cut.length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** How far right the text's ink reaches when drawn at that size: Photon draws but does not measure. */
function inkWidth(photon: Photon, text: string, size: number): number {
  const width = CARD_WIDTH * 2;
  const height = Math.ceil(size * 1.5);
  const scratch = new photon.PhotonImage(new Uint8Array(width * height * 4), width, height);
  photon.draw_text_with_color(scratch, text, 0, 0, size, new photon.Rgba(255, 255, 255, 255));
  const pixels = scratch.get_raw_pixels();
  scratch.free();
  let right = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i] !== 0) right = Math.max(right, (i / 4) % width);
  }
  return right + 1;
}

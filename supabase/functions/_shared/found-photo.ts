// A found animal's photo as its public page shows it (docs/product/found.md): what a phone gives (JPEG, PNG,
// WebP) drawn anew as a JPEG of at most FOUND_PHOTO_SIDE pixels a side. Drawn anew, it keeps no metadata: neither
// the place the camera wrote (EXIF GPS), which the page must never show, nor anything else of the phone's. Photon
// (WebAssembly, as the search pages' pictures) is loaded on the first photo only.

/** The longest side kept: a phone's screen, twice over. */
const FOUND_PHOTO_SIDE = 1600;
const JPEG_QUALITY = 82;

export interface CleanPhoto {
  jpeg: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}

/** The photo drawn anew as a JPEG without metadata, or null when the bytes are no image Photon can read. */
export async function cleanFoundPhoto(bytes: Uint8Array): Promise<CleanPhoto | null> {
  const photon = await import('@cf-wasm/photon');
  let image: InstanceType<typeof photon.PhotonImage>;
  try {
    image = photon.PhotonImage.new_from_byteslice(bytes);
  } catch {
    return null;
  }
  const scale = Math.min(1, FOUND_PHOTO_SIDE / Math.max(image.get_width(), image.get_height()));
  const width = Math.max(1, Math.round(image.get_width() * scale));
  const height = Math.max(1, Math.round(image.get_height() * scale));
  const drawn = scale < 1 ? photon.resize(image, width, height, photon.SamplingFilter.Triangle) : image;
  const jpeg = new Uint8Array(drawn.get_bytes_jpeg(JPEG_QUALITY));
  if (drawn !== image) drawn.free();
  image.free();
  return { jpeg, width, height };
}

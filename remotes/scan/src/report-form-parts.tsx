// What the public pages' report forms share (a sighting on a search page, search-page.tsx; a found animal,
// found-page.tsx): the language links, the time as typed in France, the phone's position asked by a button, and
// the script that helps (the position, a photo made small). Server only.
import { LIMITS } from '@medaille/domain';
import { PHOTO_ATTEMPTS } from './finder-photo.ts';
import { PAGE_TIME_ZONE } from './format.ts';
import { LANGUAGES, type Language } from './i18n.ts';

/** A report form, which the pages' script finds: its position button, and its photo made small before it is sent. */
export const REPORT_FORM_ID = 'signaler-formulaire';

/** A `datetime-local` value as the time it is in France, where the page's readers are (the form has no zone). */
export function fromParisTime(value: string): string | null {
  const asUtc = Date.parse(`${value}Z`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) || Number.isNaN(asUtc)) return null;
  const paris = new Date(asUtc).toLocaleString('sv-SE', { timeZone: PAGE_TIME_ZONE }).replace(' ', 'T');
  return new Date(asUtc - (Date.parse(`${paris}Z`) - asUtc)).toISOString();
}

/**
 * The page's address in another language: its query kept (a finder's private link's key) but for the word that a
 * form was sent, which belongs to the page it was sent from.
 */
function languageHref(url: URL, language: Language): string {
  const query = new URLSearchParams(url.search);
  query.delete('envoye');
  query.set('lang', language);
  return `?${query}`;
}

/**
 * The way home, and the languages the page reads in, as links (a page without scripts changes language by its
 * address).
 */
export function LanguageLinks({ language, url }: { language: Language; url: URL }) {
  return (
    <nav className="search-languages">
      <a href="/" className="search-home">
        Médaille
      </a>
      {LANGUAGES.map(({ code, name }) => (
        <a key={code} href={languageHref(url, code)} lang={code} aria-current={code === language ? 'true' : undefined}>
          {name}
        </a>
      ))}
    </nav>
  );
}

/** A file's bytes in base64, a slice at a time (a phone's photo is too long for one call's arguments). */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/** The phone's position, which the form's script writes when the person asks for it; null without one. */
export function postedPosition(fields: URLSearchParams): PostedPosition {
  const [lat, lon] = ['lat', 'lon'].map((name) => {
    const value = fields.get(name)?.trim() ?? '';
    return value === '' ? null : Number(value);
  });
  return lat != null && lon != null ? { lat, lon } : null;
}

/** A position as the form posted it (`postedPosition`), or none. */
export type PostedPosition = { lat: number; lon: number } | null;

/**
 * `Ajouter ma position actuelle`: a button the script shows where the browser can locate, its outcome said
 * below it, and the hidden fields it fills; a form given back after a refusal keeps the position it was sent
 * with, and says so.
 */
export function PositionFields({
  words,
  position,
}: {
  words: { position: string; positionAdded: string; positionFailed: string };
  position: PostedPosition;
}) {
  return (
    <>
      <input type="hidden" name="lat" value={position?.lat ?? ''} />
      <input type="hidden" name="lon" value={position?.lon ?? ''} />
      <button
        type="button"
        className="md-button md-button-secondary search-locate"
        hidden
        data-position={JSON.stringify({ added: words.positionAdded, failed: words.positionFailed })}
      >
        {words.position}
      </button>
      <p className="search-hint" role="status" data-position-status="" hidden={position === null}>
        {position === null ? null : words.positionAdded}
      </p>
    </>
  );
}

/**
 * A report form's help where the page's script runs (a sighting, a found animal). `Ajouter ma position
 * actuelle`: the phone's position, asked when the button is pressed (the browser asks the person), written in
 * the form's hidden fields. And
 * before the form is sent with photos: each photo drawn anew (upright, no metadata, not the place the camera
 * was), its longest side and quality brought down until it weighs at most `maxBytes`, as a finder's photo is
 * (finder-photo.ts); then the form is sent. Where the browser cannot, it is sent as it is. Sent as its own source
 * (self-contained: it names nothing outside itself).
 */
function helpReportForm(formId: string, attempts: readonly (readonly [number, number])[], maxBytes: number): void {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return;
  const locate = form.querySelector('[data-position]');
  const said = form.querySelector('[data-position-status]');
  const lat = form.elements.namedItem('lat');
  const lon = form.elements.namedItem('lon');
  if (
    locate instanceof HTMLElement &&
    said instanceof HTMLElement &&
    lat instanceof HTMLInputElement &&
    lon instanceof HTMLInputElement &&
    navigator.geolocation
  ) {
    const words = JSON.parse(locate.getAttribute('data-position') ?? '{}') as Record<'added' | 'failed', string>;
    locate.hidden = false;
    locate.addEventListener('click', () => {
      navigator.geolocation.getCurrentPosition(
        (found) => {
          lat.value = found.coords.latitude.toFixed(5);
          lon.value = found.coords.longitude.toFixed(5);
          said.textContent = words.added;
          said.hidden = false;
        },
        () => {
          said.textContent = words.failed;
          said.hidden = false;
        },
        { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
      );
    });
  }
  const input = form.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement) || !window.createImageBitmap || !window.DataTransfer) return;
  let ready = false;
  /** One photo made small enough, or as it was when the browser cannot. */
  const small = async (file: File): Promise<File> => {
    const bitmap = await createImageBitmap(file);
    try {
      for (const [side, quality] of attempts) {
        const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.round(bitmap.width * scale));
        canvas.height = Math.max(1, Math.round(bitmap.height * scale));
        const context = canvas.getContext('2d');
        if (!context) break;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
        if (blob && blob.size <= maxBytes) return new File([blob], 'photo.jpg', { type: 'image/jpeg' });
      }
      return file;
    } finally {
      bitmap.close();
    }
  };
  form.addEventListener('submit', (event) => {
    const files = Array.from(input.files ?? []);
    if (ready || files.length === 0) return;
    event.preventDefault();
    Promise.all(files.map((file) => small(file).catch(() => file)))
      .then((made) => {
        const chosen = new DataTransfer();
        for (const file of made) chosen.items.add(file);
        input.files = chosen.files;
      })
      .catch(() => {})
      .finally(() => {
        ready = true;
        form.submit();
      });
  });
}

/** `helpReportForm` as the pages' script: one text, which the host's policy allows by its hash. */
export const REPORT_FORM_SCRIPT = `(${helpReportForm.toString()})(${JSON.stringify(REPORT_FORM_ID)}, ${JSON.stringify(PHOTO_ATTEMPTS)}, ${LIMITS.finderPhotoSentMaxBytes})`;

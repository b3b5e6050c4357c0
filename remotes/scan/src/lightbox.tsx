import { LIMITS } from '@medaille/domain';
import { type KeyboardEvent, useState } from 'react';
import { useDialogWords, useWords } from './i18n.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { shownSlide } from './photo-carousel.tsx';
import type { PublicPhoto } from './profile-api.ts';
import { useSwipe } from './swipe.ts';

const clampZoom = (zoom: number) => Math.min(LIMITS.lightboxZoomMax, Math.max(LIMITS.lightboxZoomMin, zoom));

/**
 * The full-screen photo view: zoom by 1.5 per step between 0.5 and 5, swipe, a double tap (two steps in,
 * or back to the whole photo), and the keyboard (Escape, arrows, +, -, 0). Two fingers zoom the page, as
 * the browser does anywhere. Loaded only when first opened.
 */
export default function Lightbox({
  photos,
  name,
  index,
  onIndexChange,
  onClose,
}: {
  photos: PublicPhoto[];
  name: string;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { copy } = useWords();
  const text = useDialogWords().lightbox;
  const [zoom, setZoom] = useState(1);
  const count = photos.length;
  const go = (step: number) => {
    onIndexChange((index + step + count) % count);
    setZoom(1);
  };
  const zoomBy = (factor: number) => setZoom((current) => clampZoom(current * factor));
  const toggleZoom = () => setZoom((current) => (current === 1 ? clampZoom(LIMITS.lightboxZoomStep ** 2) : 1));
  const swipe = useSwipe(go, LIMITS.lightboxSwipeMinX, LIMITS.lightboxSwipeMaxY);
  const photo = photos[index];

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => go(-1),
      ArrowRight: () => go(1),
      '+': () => zoomBy(LIMITS.lightboxZoomStep),
      '=': () => zoomBy(LIMITS.lightboxZoomStep),
      '-': () => zoomBy(1 / LIMITS.lightboxZoomStep),
      '0': () => setZoom(1),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  return (
    // Focus goes back to the photo shown in the page, the one the view was on, however it closed: the
    // photo that opened it may be hidden by then, and a tap on Safari focuses nothing to go back to.
    <ModalDialog onClose={onClose} labelledBy="scan-lightbox-title" className="scan-lightbox" returnFocus={shownSlide}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys act on the whole dialog, whose buttons stay focusable. */}
      <div className="scan-lightbox-body" onKeyDown={onKeyDown}>
        <h2 id="scan-lightbox-title" className="scan-visually-hidden">
          {text.label(name)}
        </h2>
        <button type="button" className="scan-lightbox-close" onClick={onClose} aria-label={text.close}>
          ×
        </button>
        {/* A phone's double tap arrives as a double click. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a shortcut for a finger; the zoom buttons and keys do the same. */}
        <div className="scan-lightbox-stage" {...swipe} onDoubleClick={toggleZoom}>
          {photo ? (
            <img
              src={photo.url}
              alt={copy.profile.photoOf(name, index + 1)}
              style={{ transform: `scale(${zoom})` }}
              data-zoom={zoom}
              draggable={false}
            />
          ) : null}
        </div>
        <div className="scan-lightbox-toolbar">
          <p aria-live="polite">
            {text.position(index + 1, count)} · {text.zoom(Math.round(zoom * 100))}
          </p>
          {/* One row that never wraps on a phone: − and + stay side by side. */}
          <div className="scan-lightbox-controls">
            <button type="button" onClick={() => zoomBy(1 / LIMITS.lightboxZoomStep)} aria-label={text.zoomOut}>
              −
            </button>
            <button type="button" onClick={() => setZoom(1)} aria-label={text.reset}>
              1:1
            </button>
            <button type="button" onClick={() => zoomBy(LIMITS.lightboxZoomStep)} aria-label={text.zoomIn}>
              +
            </button>
            {count > 1 ? (
              <>
                <button type="button" onClick={() => go(-1)} aria-label={text.previous}>
                  ‹
                </button>
                <button type="button" onClick={() => go(1)} aria-label={text.next}>
                  ›
                </button>
              </>
            ) : null}
          </div>
        </div>
      </div>
    </ModalDialog>
  );
}

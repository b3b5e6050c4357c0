import { LIMITS } from '@medaille/domain';
import { useWords } from './i18n.ts';
import { useImageTransformations } from './page-facts.ts';
import { screenSizedSources } from './photo-sources.ts';
import type { PublicPhoto } from './profile-api.ts';
import { useSwipe } from './swipe.ts';

const wrap = (index: number, count: number) => (index + count) % count;

/** The button of the photo the carousel shows: where focus goes back when the full-screen view closes. */
export const shownSlide = () => document.querySelector<HTMLElement>('.scan-carousel-slide:not([hidden])');

/**
 * The animal's photos: a single hero photo, or a carousel that wraps at both ends (arrows, dots, swipe).
 * A click opens the full-screen view. Only the shown photo loads at once; the others wait.
 */
export function PhotoCarousel({
  photos,
  name,
  index,
  onIndexChange,
  onOpen,
}: {
  photos: PublicPhoto[];
  name: string;
  index: number;
  onIndexChange: (index: number) => void;
  onOpen: () => void;
}) {
  const { copy } = useWords();
  const resizes = useImageTransformations();
  const count = photos.length;
  const go = (step: number) => onIndexChange(wrap(index + step, count));
  const swipe = useSwipe(go, LIMITS.carouselSwipeMinX);
  if (count === 0) return null;
  return (
    <section
      className="scan-carousel"
      aria-roledescription={copy.carousel.roleDescription}
      aria-label={copy.carousel.label(name)}
    >
      <div className="scan-carousel-frame" {...swipe}>
        {photos.map((photo, position) => (
          <button
            key={photo.id}
            type="button"
            className="scan-carousel-slide"
            hidden={position !== index}
            onClick={onOpen}
            aria-label={copy.carousel.open(copy.profile.photoOf(name, position + 1))}
          >
            <img
              {...screenSizedSources(photo.url, resizes)}
              alt={copy.profile.photoOf(name, position + 1)}
              width={photo.width ?? undefined}
              height={photo.height ?? undefined}
              sizes="(max-width: 640px) 100vw, 640px"
              loading={position === 0 ? 'eager' : 'lazy'}
              fetchPriority={position === 0 ? 'high' : 'auto'}
              draggable={false}
            />
          </button>
        ))}
      </div>
      {count > 1 ? (
        <div className="scan-carousel-controls">
          <button
            type="button"
            className="scan-round-button"
            onClick={() => go(-1)}
            aria-label={copy.carousel.previous}
          >
            ‹
          </button>
          <div className="scan-carousel-dots">
            {photos.map((photo, position) => (
              <button
                key={photo.id}
                type="button"
                className="scan-dot"
                aria-label={copy.carousel.goTo(position + 1)}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => onIndexChange(position)}
              />
            ))}
          </div>
          <button type="button" className="scan-round-button" onClick={() => go(1)} aria-label={copy.carousel.next}>
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}

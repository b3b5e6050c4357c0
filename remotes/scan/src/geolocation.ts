import { LIMITS } from '@medaille/domain';
import { COPY } from './copy.ts';

/** A failure to get a position, with the spec's French text for it. */
export class LocationError extends Error {}

/** The finder's current position: high accuracy, 15 s at most, never a cached one (SPEC section 7). */
export function currentPosition(): Promise<GeolocationPosition> {
  if (!('geolocation' in navigator)) return Promise.reject(new LocationError(COPY.location.unsupported));
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      resolve,
      (error) => {
        const messages: Record<number, string> = {
          [error.PERMISSION_DENIED]: COPY.location.denied,
          [error.POSITION_UNAVAILABLE]: COPY.location.unavailable,
          [error.TIMEOUT]: COPY.location.timeout,
        };
        reject(new LocationError(messages[error.code] ?? COPY.location.failed));
      },
      { enableHighAccuracy: true, timeout: LIMITS.geolocationTimeoutMs, maximumAge: 0 },
    );
  });
}

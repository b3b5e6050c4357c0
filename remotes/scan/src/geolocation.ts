import { LIMITS } from '@medaille/domain';

/** Why no position came; the dialog says it in the finder's language (`copy.location[reason]`). */
export type LocationFailure = 'unsupported' | 'denied' | 'unavailable' | 'timeout' | 'failed';

export class LocationError extends Error {
  constructor(readonly reason: LocationFailure) {
    super(reason);
  }
}

/** The finder's current position: high accuracy, 15 s at most, never a cached one (docs/product/scan-page.md). */
export function currentPosition(): Promise<GeolocationPosition> {
  if (!('geolocation' in navigator)) return Promise.reject(new LocationError('unsupported'));
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      resolve,
      (error) => {
        const reasons: Record<number, LocationFailure> = {
          [error.PERMISSION_DENIED]: 'denied',
          [error.POSITION_UNAVAILABLE]: 'unavailable',
          [error.TIMEOUT]: 'timeout',
        };
        reject(new LocationError(reasons[error.code] ?? 'failed'));
      },
      { enableHighAccuracy: true, timeout: LIMITS.geolocationTimeoutMs, maximumAge: 0 },
    );
  });
}

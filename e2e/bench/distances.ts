// The distances of a deployment, which one machine's loopback does not have: the host runs at the edge, near
// the finder; the database is in one region, 30 ms away each way; the scan deployment's files are on a CDN,
// 20 ms away each way. The host's own requests (ShellHostOptions.fetch) wait that long going out and again
// for the answer: one round trip each, as on a connection kept open. The finder's network is the browser's
// (network.ts).
import { setTimeout as sleep } from 'node:timers/promises';

export const DISTANCES = {
  /** Host ↔ backend (an edge region to the database's), each way. */
  backendMs: 30,
  /** Host ↔ scan deployment (a CDN), each way. */
  scanMs: 20,
};

/** Where the host's requests go: set once the product runs (its ports are drawn at launch). */
export interface DistantOrigins {
  backend: string | null;
  scan: string | null;
}

/** A fetch for the host that puts DISTANCES between it and `origins` (nothing before they are set). */
export function distantFetch(origins: DistantOrigins): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const oneWay =
      url.origin === origins.backend ? DISTANCES.backendMs : url.origin === origins.scan ? DISTANCES.scanMs : 0;
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (oneWay > 0) await sleep(oneWay, undefined, signal ? { signal } : {});
    const response = await fetch(input, init);
    if (oneWay > 0) await sleep(oneWay, undefined, signal ? { signal } : {});
    return response;
  };
}

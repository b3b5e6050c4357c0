import type { CDPSession, Page } from '@playwright/test';

/** DESIGN section 6's phone on a weak signal: 150 ms of latency and 1.6 Mb/s. */
export const WEAK_SIGNAL = { latencyMs: 150, downloadBytesPerSecond: 1_600_000 / 8, uploadBytesPerSecond: 750_000 / 8 };

export interface RequestRecord {
  url: string;
  type: string;
  start: number;
  end: number;
  bytes: number;
  level: number;
}

/**
 * Records every request of a page load through the DevTools protocol: its type, the bytes that crossed the
 * network (compressed, as served) and when it started and ended, with the cache off and, if asked, the
 * network throttled.
 */
export async function recordRequests(page: Page, throttled: boolean) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: WEAK_SIGNAL.latencyMs,
      downloadThroughput: WEAK_SIGNAL.downloadBytesPerSecond,
      uploadThroughput: WEAK_SIGNAL.uploadBytesPerSecond,
    });
  }
  const requests = new Map<
    string,
    { url: string; type: string; start: number; level: number; end?: number; bytes?: number }
  >();
  const levelOf = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => {
    // The level of a request is one more than that of the resource that asked for it: the HTML for what
    // it names (scripts, preloads, its inline fetch), a script for what the script loads.
    const initiator = event.initiator as { url?: string; stack?: CallStack };
    const parent = initiator.url ?? firstUrl(initiator.stack);
    const level = parent ? (levelOf.get(parent) ?? 1) + 1 : 1;
    if (!levelOf.has(event.request.url)) levelOf.set(event.request.url, level);
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      start: event.timestamp,
      level,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
  });
  return {
    /** The finished requests with their levels (1 for the page itself). */
    finished(): RequestRecord[] {
      return [...requests.values()]
        .filter((request): request is Required<typeof request> => request.end !== undefined)
        .sort((a, b) => a.start - b.start);
    },
  };
}

interface CallStack {
  callFrames: { url: string }[];
  parent?: CallStack;
}

/** The script a request came from: the nearest frame with a URL, following async parents. */
function firstUrl(stack: CallStack | undefined): string | undefined {
  for (let current = stack; current; current = current.parent) {
    const frame = current.callFrames.find((call) => call.url !== '');
    if (frame) return frame.url;
  }
  return undefined;
}

/** Resolves with the time (ms since navigation start) when an h1 with the text appeared. */
export async function watchForHeading(page: Page, text: string) {
  // Given as source text: a compiled function would carry the bundler's helpers into the page.
  await page.addInitScript(`new MutationObserver(function () {
    if (window.__nameAt) return;
    var headings = document.querySelectorAll('h1');
    for (var i = 0; i < headings.length; i++) {
      if ((headings[i].textContent || '').trim() === ${JSON.stringify(text)}) window.__nameAt = performance.now();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });`);
  return async () => {
    await page.waitForFunction(() => (window as unknown as { __nameAt?: number }).__nameAt !== undefined, undefined, {
      timeout: 60_000,
    });
    return page.evaluate(() => (window as unknown as { __nameAt: number }).__nameAt);
  };
}

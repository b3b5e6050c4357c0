import type { CDPSession, Page } from '@playwright/test';

export interface NetworkProfile {
  /** How the table names it. */
  label: string;
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
}

/**
 * docs/budgets.md's two phones: a weak signal (150 ms of latency and 1.6 Mb/s, DevTools' 'Fast 3G'), and a
 * weak country signal (400 ms and 400 kb/s both ways, DevTools' 'Slow 3G'), where every round trip and
 * every kilobyte before the name counts three times more.
 */
export const NETWORK_PROFILES = {
  weak: {
    label: '150 ms / 1.6 Mb/s',
    latencyMs: 150,
    downloadBytesPerSecond: 1_600_000 / 8,
    uploadBytesPerSecond: 750_000 / 8,
  },
  country: {
    label: '400 ms / 400 kb/s',
    latencyMs: 400,
    downloadBytesPerSecond: 400_000 / 8,
    uploadBytesPerSecond: 400_000 / 8,
  },
} satisfies Record<string, NetworkProfile>;

export type NetworkProfileName = keyof typeof NETWORK_PROFILES;

/**
 * How long a fresh window waits before its page opens: a new window of this Chromium loads, in about half of
 * them and for about a second, its own omnibox popup (some 400 chrome:// files in a renderer of its own): on two
 * cores, that stole the page's time at random (a page's name from 210 to 550 ms in one profile).
 */
export const WINDOW_SETTLE_MS = 1500;

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

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
 * network (compressed, as served) and when it started and ended, with the cache off and, if given a
 * profile, the network throttled to it.
 */
export async function recordRequests(page: Page, network: NetworkProfile | null) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latencyMs,
      downloadThroughput: network.downloadBytesPerSecond,
      uploadThroughput: network.uploadBytesPerSecond,
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
    /** Every request asked for so far, finished or not, in the order they started (the page itself first). */
    started() {
      return [...requests.values()].sort((a, b) => a.start - b.start);
    },
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

interface Milestones {
  __nameAt?: number;
  __interactiveAt?: number;
  __pageDialogAt?: number;
}

/**
 * Watches a page from its first byte for three moments, in ms since the navigation started:
 * - the name is visible: the first frame painted with an h1 of that text (a frame, not the DOM insertion:
 *   the browser paints nothing while a stylesheet in the head is still on its way, and a server-rendered
 *   page's h1 is in the DOM long before that);
 * - the page is interactive, if a button text is given: as soon as an element with that text shows (a
 *   button, or the summary of a server-rendered page's form without JavaScript), it is clicked, and again
 *   every 100 ms while nothing opened, as an impatient finder would, until a dialog is open. On a
 *   server-rendered page the summary's click opens the server's form as a modal dialog (its inline script;
 *   without JavaScript, in the page); a button clicked before its script has taken the page over opens
 *   nothing: the time is that of the dialog;
 * - the page's own dialog is open: the server's form taken over by the hydrated page's dialog (the same
 *   moment as the one before on a client-rendered page).
 */
export async function watchMilestones(page: Page, heading: string, messageButton: string | null) {
  // Given as source text: a compiled function would carry the bundler's helpers into the page.
  await page.addInitScript(`(function () {
    var heading = ${JSON.stringify(heading)};
    var button = ${JSON.stringify(messageButton)};
    var nameSeen = false;
    var lastClick = -Infinity;
    function check() {
      if (!nameSeen) {
        var headings = document.querySelectorAll('h1');
        for (var i = 0; i < headings.length; i++) {
          if ((headings[i].textContent || '').trim() === heading) {
            nameSeen = true;
            requestAnimationFrame(function () { window.__nameAt = performance.now(); });
            break;
          }
        }
      }
      if (button === null) return;
      if (window.__pageDialogAt === undefined && document.querySelector('dialog[open]:not(.scan-early-dialog)')) {
        window.__pageDialogAt = performance.now();
      }
      if (window.__interactiveAt !== undefined) return;
      if (document.querySelector('dialog[open]')) {
        window.__interactiveAt = performance.now();
        return;
      }
      if (performance.now() - lastClick < 100) return;
      var candidates = document.querySelectorAll('button, summary');
      for (var j = 0; j < candidates.length; j++) {
        var candidate = candidates[j];
        if ((candidate.textContent || '').trim() !== button || candidate.getClientRects().length === 0) continue;
        // An open form without JavaScript: the finder has it, and the page's script turns it into the dialog.
        if (candidate.tagName === 'SUMMARY' && candidate.parentElement && candidate.parentElement.open) break;
        lastClick = performance.now();
        candidate.click();
        break;
      }
    }
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    var timer = setInterval(function () {
      check();
      if (window.__pageDialogAt !== undefined || (button === null && nameSeen)) clearInterval(timer);
    }, 20);
  })();`);
  const moment = async (name: keyof Milestones) => {
    await page.waitForFunction((key) => (window as Milestones)[key as keyof Milestones] !== undefined, name, {
      timeout: 120_000,
    });
    return page.evaluate((key) => (window as Milestones)[key as keyof Milestones] as number, name);
  };
  return {
    nameMs: () => moment('__nameAt'),
    interactiveMs: () => moment('__interactiveAt'),
    pageDialogMs: () => moment('__pageDialogAt'),
  };
}

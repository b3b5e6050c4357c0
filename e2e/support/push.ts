import type { BrowserContext } from '@playwright/test';

/**
 * What a push service does once it has a push for a browser: hands it to the service worker at `workerUrl`, whose
 * push handler shows it; resolves once what the handler gave `waitUntil` (the notification shown) is done. The
 * push event is made and dispatched in the worker itself, its `waitUntil` kept by the test: DevTools'
 * ServiceWorker.deliverPushMessage lost about one push in eight on a busy machine, and an event dispatched
 * without its waiting let the worker stop before its notification was shown as often.
 */
export async function pushToWorker(context: BrowserContext, workerUrl: string, payload: unknown): Promise<void> {
  const worker =
    context.serviceWorkers().find((each) => each.url() === workerUrl) ??
    (await context.waitForEvent('serviceworker', (each) => each.url() === workerUrl));
  await worker.evaluate(async (data) => {
    // biome-ignore lint/suspicious/noExplicitAny: the service worker's global, whose types are not this file's.
    const scope = self as any;
    const event = new scope.PushEvent('push', { data });
    const waits: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', { value: (work: Promise<unknown>) => waits.push(work) });
    scope.dispatchEvent(event);
    await Promise.all(waits);
  }, JSON.stringify(payload));
}

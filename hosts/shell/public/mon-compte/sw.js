// The portal's service worker, registered with the scope /mon-compte/ only (the portal registers it; the scan
// page, outside that scope, never meets it). It shows the household's alerts the functions push
// (supabase/functions/_shared/push.ts) and opens, on a click, the portal's page an alert is about. No fetch
// handler: it caches nothing and answers no request.

const ACCOUNT = '/mon-compte';

/** A page of the portal on this site, from what an alert says; the account page for anything else. */
function portalPath(value) {
  if (typeof value !== 'string') return ACCOUNT;
  let url;
  try {
    url = new URL(value, self.location.origin);
  } catch {
    // Not a URL. (No URL.canParse: Safari before 17 has none, and a throwing push handler shows nothing.)
    return ACCOUNT;
  }
  const inPortal = url.pathname === ACCOUNT || url.pathname.startsWith(`${ACCOUNT}/`);
  return url.origin === self.location.origin && inPortal ? `${url.pathname}${url.search}${url.hash}` : ACCOUNT;
}

self.addEventListener('push', (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: still a notification, of the account page.
  }
  const text = (value) => (typeof value === 'string' ? value : '');
  event.waitUntil(
    self.registration.showNotification(text(alert.title) || 'Médaille', {
      body: text(alert.body),
      lang: 'fr',
      icon: `${ACCOUNT}/icon-192.png`,
      // A new alert of the same kind about the same animal replaces the last one, and rings again.
      ...(text(alert.tag) ? { tag: alert.tag, renotify: true } : {}),
      data: { url: portalPath(alert.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(portalPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});

// The search pages' service worker, registered with the scope /recherche/ only, by a search page's button
// 'Recevoir une notification' (remotes/scan/src/search-follow.tsx): it shows a followed search's news, which the
// functions push (supabase/functions/_shared/search-follow.ts), and opens, on a click, the search page it is
// about. No fetch handler: it caches nothing and answers no request. The portal's own worker is another one
// (/mon-compte/sw.js): a passer-by's browser never meets it.

const SEARCHES = '/recherche/';

/** A search page on this site, from what a push says; nothing else. */
function searchPath(value) {
  if (typeof value !== 'string') return null;
  let url;
  try {
    url = new URL(value, self.location.origin);
  } catch {
    // Not a URL. (No URL.canParse: Safari before 17 has none, and a throwing push handler shows nothing.)
    return null;
  }
  const isSearch = url.pathname.startsWith(SEARCHES) && url.pathname.length > SEARCHES.length;
  return url.origin === self.location.origin && isSearch ? url.pathname : null;
}

self.addEventListener('push', (event) => {
  let news = {};
  try {
    news = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: still a notification (a push must show one).
  }
  const text = (value) => (typeof value === 'string' ? value : '');
  event.waitUntil(
    self.registration.showNotification(text(news.title) || 'Médaille', {
      body: text(news.body),
      icon: '/mon-compte/icon-192.png',
      // The next news of the same search replaces this one, and rings again.
      ...(text(news.tag) ? { tag: news.tag, renotify: true } : {}),
      data: { url: searchPath(news.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = searchPath(event.notification.data?.url);
  if (!path) return;
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.split(/[?#]/)[0] === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});

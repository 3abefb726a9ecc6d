// The admin's service worker (scope /admin/): shows staff push alerts about new requests and opens
// the request when one is tapped. It caches nothing: request data is personal and always fetched fresh.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only our own admin pages are opened, whatever a payload says. */
function adminUrl(path) {
  const url = new URL(typeof path === "string" ? path : "/admin/requests", self.location.origin);
  return url.origin === self.location.origin && url.pathname.startsWith("/admin") ? url.href : new URL("/admin/requests", self.location.origin).href;
}

self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : "" };
  }
  const requestId = typeof alert.requestId === "string" ? alert.requestId : null;
  event.waitUntil(
    self.registration.showNotification(typeof alert.title === "string" ? alert.title : "New request", {
      body: typeof alert.body === "string" ? alert.body : "",
      icon: "/admin/icon-192.png",
      badge: "/admin/icon-192.png",
      tag: requestId ?? undefined,
      renotify: Boolean(requestId),
      requireInteraction: alert.urgent === true,
      data: { url: adminUrl(alert.url), requestId },
      actions: requestId ? [{ action: "acknowledge", title: "I'm on it" }] : [],
    }),
  );
});

/** Tapping an alert opens its request: in an admin window already open, or a new one. */
async function openFromNotification(notification, action) {
  const { url, requestId } = notification.data ?? {};
  if (action === "acknowledge" && requestId) {
    await fetch(`/admin/requests/${encodeURIComponent(requestId)}/acknowledge`, { method: "POST", credentials: "same-origin" }).catch(() => {});
  }
  const target = adminUrl(url);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).pathname.startsWith("/admin"));
  if (open) {
    const shown = await open.navigate(target).catch(() => null);
    await (shown ?? open).focus().catch(() => {});
    return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification, event.action));
});

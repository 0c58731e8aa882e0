// The console's service worker: shows alarm pushes and acts on their buttons. It has no fetch
// handler, so it never answers a request from a cache: every page and API answer comes from the
// server. What a push carries is `pushPayload` (packages/shared/src/channels.ts).

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const setBadge = async (count) => {
  if (!('setAppBadge' in navigator)) return;
  try {
    if (count > 0) await navigator.setAppBadge(count);
    else await navigator.clearAppBadge();
  } catch {
    // Badges are a hint; a platform without them changes nothing.
  }
};

self.addEventListener('push', (event) => {
  let alarm;
  try {
    alarm = event.data.json();
  } catch {
    return;
  }
  if (alarm?.kind !== 'alarm') return;
  const actions = [{ action: 'open', title: alarm.actions.open }];
  if (alarm.ack) actions.unshift({ action: 'acknowledge', title: alarm.actions.acknowledge });
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(alarm.title, {
        body: alarm.body,
        tag: `alarm-${alarm.ref}`,
        renotify: true,
        requireInteraction: alarm.severity === 'critical' || alarm.severity === 'high',
        lang: alarm.locale,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        timestamp: Date.parse(alarm.raised_at),
        data: alarm,
        actions,
      }),
      setBadge(alarm.badge),
    ]),
  );
});

/** Focuses a window of the console on `url`, or opens one. */
async function openAlarm(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin !== self.location.origin) continue;
    await client.focus();
    if ('navigate' in client) await client.navigate(url);
    return;
  }
  await self.clients.openWindow(url);
}

/** Acknowledges through the alarm's one-tap link (no session needed); opens the link's page if that fails. */
async function acknowledge(alarm) {
  try {
    const res = await fetch(alarm.ack.api, { method: 'POST', credentials: 'omit' });
    if (!res.ok && res.status !== 409) throw new Error(String(res.status));
    await setBadge(Math.max(0, alarm.badge - 1));
  } catch {
    await self.clients.openWindow(alarm.ack.url);
  }
}

self.addEventListener('notificationclick', (event) => {
  const alarm = event.notification.data;
  event.notification.close();
  if (!alarm) return;
  event.waitUntil(event.action === 'acknowledge' && alarm.ack ? acknowledge(alarm) : openAlarm(alarm.url));
});

// The page offline: this service worker keeps a copy of every file the page loads
// and serves it when the network fails. Network first, so a rebuilt folder is
// served fresh whenever the host can be reached.
const CACHE = "honeycomb";
// Every file of the built folder, kept at install: the boards not opened yet too.
// tools/web/build.py writes the list from the files it put in the folder.
const FILES = ["./"];

self.addEventListener("install", (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (ev) => ev.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
  ev.respondWith(fetch(req).then((resp) => {
    if (resp.ok) {
      const copy = resp.clone();
      caches.open(CACHE).then((c) => c.put(req, copy));
    }
    return resp;
  }).catch(() => caches.match(req, { ignoreSearch: req.mode === "navigate" })
    .then((hit) => hit || Response.error())));
});

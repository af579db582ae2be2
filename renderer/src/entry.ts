// The page's module entry. The app's code (./main and all it imports) runs once the first screen
// (public/first-screen.js) is painted: run at once, its evaluation would hold that paint back, as
// the browser runs a loaded module before it paints. Its scripts and styles are fetched from the
// start all the same (linked in the page's head by scripts/first-paint-head.ts).
function start(): void {
  void import('./main');
}

if (document.querySelector('[data-first-screen]') && document.visibilityState === 'visible') {
  // A frame callback runs before its frame is painted; a message queued from it, after.
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = start;
    channel.port2.postMessage(null);
  });
} else {
  // No first screen to show, or a hidden page, which gets no frames: nothing to wait for.
  start();
}

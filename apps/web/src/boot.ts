// The script of a pre-rendered page (build/route-pages.ts). The page is drawn and its links work
// without the app, so the app's own entry (the one index.html starts at once, named
// in `data-entry`) is fetched only once the browser reports the page's first contentful paint: on a
// phone's slow connection its scripts would otherwise compete with what that paint needs. (A frame
// callback is not late enough: the frame it runs in may be presented after the script is asked for.)
// A shell drawn over by its screen (the cabinet's) also names the screen's chunks, preloaded with
// the entry so that they arrive side by side rather than one after another. This script imports
// nothing: what it needs to know of the app comes in its element's data attributes.
const script = document.querySelector<HTMLScriptElement>('script[data-entry]');
const entry = script?.dataset.entry;
const preloads = script?.dataset.preload?.split(' ') ?? [];
let started = false;
/** Lets the browser send forms itself again: the app did not come. */
let release = (): void => undefined;
function start(): void {
  if (started || !entry) return;
  started = true;
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  setTimeout(() => void import(/* @vite-ignore */ entry).catch(() => release()), 0);
}
if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // A browser that never reports the paint (a tab kept in the background paints nothing) starts
  // the app a little later all the same.
  setTimeout(start, 2_000);
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
}

// A drawn form sent before the app has the page would be sent by the browser itself, to an address
// that is only a page, and the visitor would lose what they typed. It is held, and sent again once
// the app has the page (it then sets `data-ready`'s attribute on <html>); the app keeps what was
// typed (prerender/typedValues.ts), and its own handler takes it. The hold listens as the event
// bubbles, so a form of a part the app has already taken over, whose handler has taken the event,
// is not sent twice.
const ready = script?.dataset.ready;
if (ready) {
  const html = document.documentElement;
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const hold = (event: SubmitEvent): void => {
    if (event.defaultPrevented || html.hasAttribute(ready) || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    held = { form: event.target, submitter: event.submitter };
  };
  const watch = new MutationObserver(() => {
    if (!html.hasAttribute(ready)) return;
    release();
    if (!held?.form.isConnected) return;
    const { form, submitter } = held;
    if (typeof form.requestSubmit !== 'function') form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    else form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined);
  });
  release = () => {
    watch.disconnect();
    document.removeEventListener('submit', hold);
  };
  document.addEventListener('submit', hold);
  watch.observe(html, { attributes: true, attributeFilter: [ready] });
}

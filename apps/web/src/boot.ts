// The script of a page pre-rendered with its content (build/route-pages.ts). The page is drawn and
// its links work without the app, so the app's own entry (the one index.html starts at once, named
// in `data-entry`) is fetched only after the first frame is painted: on a phone's slow connection
// its scripts would otherwise compete with what the first paint needs.
const entry = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.entry;
if (entry) requestAnimationFrame(() => setTimeout(() => void import(/* @vite-ignore */ entry), 0));

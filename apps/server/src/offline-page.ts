import { mn } from '@nomsan/contracts/messages';

/** where the service worker (apps/web/public/sw.js) fetches the offline page at install */
export const OFFLINE_PAGE_PATH = '/offline.html';

/** the texts public/offline.js fills the list of downloads with; `{until}` is the lease's end */
const LIST_TEXT = {
  formats: { book: mn.offers.formats.audiobook, summary: mn.offers.formats.summary },
  until: mn.offline.until('{until}'),
  expired: mn.player.leaseExpired,
  listen: mn.offline.listen,
  untitled: mn.offline.untitled,
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside a <script> element: no "</script>" or "<!--" can end it early */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** the store's colours (apps/web/app/app.css) and button and card looks (ui/buttons.ts), by hand */
const STYLE = `
*,::before,::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Helvetica Neue',Arial,sans-serif;color:#111827;background:#fff;-webkit-font-smoothing:antialiased}
header{border-bottom:1px solid #e5e7eb}
.bar{max-width:96rem;margin:0 auto;height:4rem;display:flex;align-items:center;padding:0 1rem}
.logo{display:inline-flex;align-items:center;gap:.5rem;font-weight:800;letter-spacing:-.025em;color:#0061ff;font-size:1.25rem;text-decoration:none}
main{max-width:36rem;margin:0 auto;padding:3.5rem 1rem 4rem;text-align:center}
.mark{display:inline-flex;width:4rem;height:4rem;align-items:center;justify-content:center;border-radius:9999px;background:#e8f0ff;color:#0061ff}
h1{margin:1.25rem 0 0;font-size:1.5rem;line-height:1.25;font-weight:700}
p{margin:.75rem 0 0;color:#5b6472;line-height:1.5}
.button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;height:2.75rem;padding:0 1.5rem;border:0;border-radius:9999px;background:#0061ff;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.button:hover{background:#0747cc}
.button.small{height:2.25rem;padding:0 1rem;font-size:.875rem}
:focus-visible{outline:2px solid #0061ff;outline-offset:2px}
section{margin-top:3rem;text-align:left}
h2{margin:0;font-size:1.125rem;font-weight:700}
ul{list-style:none;margin:1rem 0 0;padding:0;display:grid;gap:.75rem}
li{display:flex;align-items:center;gap:.75rem;padding:.75rem 1rem;border:1px solid #e5e7eb;border-radius:1rem}
li .mark{flex:none;width:2.5rem;height:2.5rem}
li div{flex:1;min-width:0}
li strong{display:block;overflow-wrap:anywhere}
li div a{color:inherit;text-decoration:none}
li div a:hover{color:#0061ff;text-decoration:underline}
li p{margin:.125rem 0 0;font-size:.875rem}
li .gone{color:#b91c1c}
@media (min-width:40rem){h1{font-size:1.875rem}main{padding-top:5rem}}
`;

const LOGO = `<svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="9" fill="#0061ff"/><path d="M8 9.5c2.8-1.3 5.6-1.1 8 .8 2.4-1.9 5.2-2.1 8-.8v13c-2.8-1.3-5.6-1.1-8 .8-2.4-1.9-5.2-2.1-8-.8Z" fill="#fff"/><path d="M16 10.3v13" stroke="#0747cc" stroke-width="1.6"/></svg>`;
const NO_SIGNAL = `<svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M2 8.8a15 15 0 0 1 4.2-2.6M9.7 5.2A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 3.7-2.2M14.6 10a10 10 0 0 1 4.4 2.5M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18"/></svg>`;

/**
 * The page the service worker shows for a page it cannot reach (docs/media.md, "Offline"): the
 * store's logo, "you are offline", a retry, and the titles kept on the device, each opening its
 * player (which a download keeps). Plain HTML with its own few styles: the store's style sheet
 * and scripts change with each build, this page is kept once per service worker version. The
 * list is the device's, so public/offline.js fills it in from localStorage.
 */
export function offlinePage(nonce: string): string {
  const t = mn.offline;
  return `<!doctype html>
<html lang="mn">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#0061ff">
<title>${escapeHtml(`${t.title} | ${mn.brand.name}`)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar"><a class="logo" href="/" aria-label="${escapeHtml(mn.layout.homeLink)}">${LOGO}<span>${escapeHtml(mn.brand.name)}</span></a></div></header>
<main>
<span class="mark">${NO_SIGNAL}</span>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.description)}</p>
<p><button type="button" class="button" id="retry">${escapeHtml(t.retry)}</button></p>
<section aria-labelledby="downloads-heading">
<h2 id="downloads-heading">${escapeHtml(t.downloadsHeading)}</h2>
<p id="downloads-hint">${escapeHtml(t.downloadsHint)}</p>
<p id="no-downloads" hidden>${escapeHtml(t.noDownloads)}</p>
<ul id="downloads" aria-labelledby="downloads-heading"></ul>
</section>
</main>
<script type="application/json" id="offline-text">${scriptJson(LIST_TEXT)}</script>
<script src="/offline.js" nonce="${escapeHtml(nonce)}"></script>
</body>
</html>
`;
}

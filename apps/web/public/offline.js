/*
 * The offline page's script (apps/server/src/offline-page.ts; sw.js keeps both): lists the titles
 * downloaded on this device, read from where features/player/downloads.ts keeps them, each
 * linking to its player page (kept by the download, so it opens without a network), and
 * reloads when the store answers again.
 */
(() => {
  const text = JSON.parse(document.getElementById('offline-text').textContent);
  document.getElementById('retry').addEventListener('click', () => location.reload());

  /*
   * Back to the page once the store answers again. The browser's "online" says only that an
   * interface came up (the store may not be reachable yet, and the service worker's network can
   * lag the page's), and a reload that fails again would leave this page waiting for an event
   * that has already fired: so ask the store itself (a HEAD of this address, which the service
   * worker passes to the network) and reload on any answer, asking again after 2, 4 ... 30 s
   * while the browser says it is online.
   */
  let probe;
  const reachable = async () => {
    try {
      await fetch(location.href, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
      return true;
    } catch {
      return false;
    }
  };
  const watch = (delay) => {
    clearTimeout(probe);
    if (!navigator.onLine) return;
    probe = setTimeout(async () => {
      if (await reachable()) location.reload();
      else watch(Math.min(delay * 2, 30_000));
    }, delay);
  };
  addEventListener('online', () => watch(500));
  addEventListener('offline', () => clearTimeout(probe));
  // shown while the browser says online: the store itself was out of reach, so keep asking
  watch(2_000);

  /** the lease's end as the store writes dates: 2026.12.04 (lib/format.ts formatDate) */
  const day = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'Asia/Ulaanbaatar',
  });
  const formatDate = (iso) => day.format(new Date(iso)).replace(/-/g, '.');

  let kept = {};
  try {
    kept = JSON.parse(localStorage.getItem('nomsan.downloads') ?? '{}') ?? {};
  } catch {
    // storage refused or spoiled: nothing to list
  }
  const downloads = Object.values(kept)
    .filter((d) => d && d.lease && (d.lease.item_type === 'book' || d.lease.item_type === 'summary'))
    .sort((a, b) => String(b.savedAt).localeCompare(String(a.savedAt)));

  const list = document.getElementById('downloads');
  const headphones =
    '<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M4 15v-3a8 8 0 0 1 16 0v3"/><rect x="3" y="14" width="4" height="7" rx="1.5"/><rect x="17" y="14" width="4" height="7" rx="1.5"/></svg>';
  const element = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  const hidden = (node) => {
    node.setAttribute('aria-hidden', 'true');
    return node;
  };
  for (const { lease, name } of downloads) {
    const player = `/player/${lease.item_type}/${Number(lease.item_id)}`;
    const live = Date.parse(lease.expires_at) > Date.now();
    const mark = element('span', { className: 'mark' });
    mark.innerHTML = headphones;
    const title = name || text.untitled;
    const about = live
      ? element(
          'p',
          {},
          `${text.formats[lease.item_type]} · ${text.until.replace('{until}', formatDate(lease.expires_at))}`,
        )
      : element('p', { className: 'gone' }, text.expired);
    list.append(
      element(
        'li',
        {},
        mark,
        element(
          'div',
          {},
          live ? element('a', { href: player }, element('strong', {}, title)) : element('strong', {}, title),
          about,
        ),
        // the title is the link; the button repeats it for the eye only
        ...(live ? [hidden(element('a', { href: player, className: 'button small', tabIndex: -1 }, text.listen))] : []),
      ),
    );
  }
  if (downloads.length === 0) {
    document.getElementById('downloads-hint').hidden = true;
    document.getElementById('no-downloads').hidden = false;
  }
})();

import { describe, expect, it } from 'vitest';
import { absoluteUrl, clip } from './meta';
import { pageHref } from './links';
import { breadcrumbJsonLd, serializeJsonLd } from './structured-data';

describe('JSON-LD', () => {
  it('cannot close its script element and still parses to the same data', () => {
    const data = { name: '</script><script>alert(1)</script>', note: 'a\u2028b' };
    const text = serializeJsonLd(data);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(data);
  });

  it('lists the home page first in breadcrumbs, with absolute URLs', () => {
    const list = breadcrumbJsonLd([{ name: 'Уран зохиол', path: '/category/uran-zokhiol' }], 'https://nomsan.mn');
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Нүүр хуудас', item: 'https://nomsan.mn/' },
      { '@type': 'ListItem', position: 2, name: 'Уран зохиол', item: 'https://nomsan.mn/category/uran-zokhiol' },
    ]);
  });
});

describe('page metadata helpers', () => {
  it('makes media URLs absolute and leaves CDN URLs alone', () => {
    expect(absoluteUrl('/media/covers/a-640.webp', 'https://nomsan.mn/')).toBe(
      'https://nomsan.mn/media/covers/a-640.webp',
    );
    expect(absoluteUrl('https://cdn.example/a.webp', 'https://nomsan.mn')).toBe('https://cdn.example/a.webp');
  });

  it('cuts long descriptions on a word', () => {
    expect(clip('нэг хоёр гурав дөрөв', 12)).toBe('нэг хоёр…');
  });

  it('gives page 1 one URL and keeps other parameters', () => {
    expect(pageHref('/category/tuukh', '?sort=newest&page=3', 1)).toBe('/category/tuukh?sort=newest');
    expect(pageHref('/category/tuukh', '', 2)).toBe('/category/tuukh?page=2');
  });
});

import { describe, expect, it } from 'vitest';
import { activeTab, chromeVisibility, showsSubmenu } from './navigation';

describe('navigation', () => {
  it('finds the active tab from the path', () => {
    expect(activeTab('/')?.id).toBe('for-you');
    expect(activeTab('/audio')?.id).toBe('book');
    expect(activeTab('/subscription/credit')?.id).toBe('subscription');
    expect(activeTab('/podcast/some-channel')?.id).toBe('podcast');
    expect(activeTab('/tsagaan-sar')).toBeUndefined();
  });

  it('keeps the submenu open for Book and Subscription only', () => {
    expect(showsSubmenu(activeTab('/summaries'))).toBe(true);
    expect(showsSubmenu(activeTab('/subscription'))).toBe(true);
    expect(showsSubmenu(activeTab('/podcast'))).toBe(false);
  });

  it('hides header and footer on /app-download, in mode=app, in the reader and in the back office', () => {
    expect(chromeVisibility('/', new URLSearchParams())).toEqual({ header: true, footer: true, bottomBar: true });
    expect(chromeVisibility('/', new URLSearchParams('mode=app'))).toEqual({
      header: false,
      footer: false,
      bottomBar: false,
    });
    expect(chromeVisibility('/app-download', new URLSearchParams()).header).toBe(false);
    expect(chromeVisibility('/audio', new URLSearchParams(), false).footer).toBe(false);
    expect(chromeVisibility('/reader/book/12', new URLSearchParams())).toEqual({
      header: false,
      footer: false,
      bottomBar: false,
    });
    for (const path of ['/admin', '/admin/staff', '/admin/sign-in', '/admin/invite/abc']) {
      expect(chromeVisibility(path, new URLSearchParams())).toEqual({ header: false, footer: false, bottomBar: false });
    }
    // a book whose slug starts with the same letters keeps the store's chrome
    expect(chromeVisibility('/administration-book', new URLSearchParams()).header).toBe(true);
  });
});

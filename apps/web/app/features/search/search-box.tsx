import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Category } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { SearchIcon } from '~/ui/icons';

export function searchHref(text: string): string | null {
  const q = text.trim();
  return q ? `/search?q=${encodeURIComponent(q)}` : null;
}

/**
 * The header search box: Enter searches (only non-empty text); focusing it opens a panel with
 * the popular searches (only when there are any) and the category list.
 */
export function SearchBox({ categories, popular = [] }: { categories: Category[]; popular?: string[] }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const go = (href: string) => {
    setOpen(false);
    void navigate(href);
  };

  return (
    <div
      ref={root}
      className="relative w-full max-w-xl"
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const href = searchHref(text);
          if (href) go(href);
        }}
      >
        <label className="flex h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 focus-within:border-brand focus-within:bg-white">
          <SearchIcon className="shrink-0 text-muted" width={20} height={20} />
          <span className="sr-only">{mn.layout.searchLabel}</span>
          <input
            type="search"
            name="q"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onFocus={() => setOpen(true)}
            placeholder={mn.layout.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            aria-expanded={open}
            aria-controls={panelId}
            className="h-full w-full bg-transparent text-[15px] outline-none placeholder:text-muted"
          />
        </label>
      </form>
      {open ? (
        <div
          id={panelId}
          className="absolute inset-x-0 top-12 z-40 max-h-[70vh] overflow-y-auto rounded-2xl border border-line bg-white p-4 shadow-xl"
        >
          {popular.length > 0 ? (
            <section className="mb-4">
              <h2 className="mb-2 text-sm font-semibold text-muted">{mn.layout.popularSearches}</h2>
              <ul className="flex flex-wrap gap-2">
                {popular.map((query) => (
                  <li key={query}>
                    <button
                      type="button"
                      onClick={() => go(`/search?q=${encodeURIComponent(query)}`)}
                      className="rounded-full bg-surface px-3 py-1.5 text-sm hover:bg-brand-soft hover:text-brand"
                    >
                      {query}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section>
            <h2 className="mb-2 text-sm font-semibold text-muted">{mn.layout.categoriesHeading}</h2>
            <ul className="grid grid-cols-2 gap-1">
              {categories.map((category) => (
                <li key={category.id}>
                  <Link
                    to={`/category/${category.slug}`}
                    onClick={() => setOpen(false)}
                    className="block rounded-lg px-2 py-1.5 text-sm hover:bg-brand-soft hover:text-brand"
                  >
                    {category.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </div>
  );
}

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Shelf, type ShelfData } from './shelf';
import type { CardItem } from './item-card';

/** how far below the view a shelf starts loading: about two screens on a phone */
const AHEAD = '1200px 0px';
/** placeholder cards: what a wide screen shows of a shelf */
const PLACEHOLDERS = 7;

type State = { items: CardItem[] } | 'waiting' | 'failed';

/**
 * A shelf below the first view whose cards the browser asks for when it comes near the view.
 * The server renders its heading and placeholders at the shelf's height (nothing moves when the
 * cards come), and neither the page's render nor its database work carries the cards: most
 * visitors of a long-tail page, and every crawler, never scroll that far (ADR 020). An empty
 * or failed shelf is left out.
 */
export function LazyShelf({
  shelf,
  load,
}: {
  shelf: Omit<ShelfData, 'items'>;
  load: (signal: AbortSignal) => Promise<CardItem[]>;
}) {
  const [state, setState] = useState<State>('waiting');
  const placeholder = useRef<HTMLElement>(null);
  const loadItems = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const element = placeholder.current;
    if (!element) return;
    const controller = new AbortController();
    const start = () => {
      observer.disconnect();
      loadItems(controller.signal).then(
        (items) => setState({ items }),
        () => {
          if (!controller.signal.aborted) setState('failed');
        },
      );
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
      rootMargin: AHEAD,
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, []);

  if (state === 'failed') return null;
  if (state !== 'waiting') return <Shelf shelf={{ ...shelf, items: state.items }} />;
  const headingId = `shelf-${shelf.id}`;
  return (
    <section ref={placeholder} aria-labelledby={headingId} aria-busy="true" className="py-4 sm:py-5">
      <div className="mb-3 flex h-9 items-end">
        <h2 id={headingId} className="text-lg font-bold sm:text-2xl">
          {shelf.title}
        </h2>
      </div>
      <ul aria-hidden="true" className="flex gap-4 overflow-hidden pt-1 pb-2">
        {Array.from({ length: PLACEHOLDERS }, (_, index) => (
          <li key={index} className="w-34 shrink-0 sm:w-40 lg:w-44">
            <span className="block aspect-[2/3] rounded-lg bg-line/60" />
            <span className="mt-2 block h-14 w-4/5 rounded bg-line/40" />
          </li>
        ))}
      </ul>
    </section>
  );
}

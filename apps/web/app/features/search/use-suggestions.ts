import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import type { SearchHit } from '@nomsan/contracts/search';

/** Typing pauses this long before asking; a faster typist asks once per pause. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Suggestions start from the second letter (spec: search-as-you-type). */
export const SUGGEST_MIN_CHARS = 2;

/**
 * As-you-type suggestions through the `/search/suggest` resource route. Debounced; a newer
 * request cancels the one in flight (a fetcher keeps only its latest load). The last answer
 * stays on screen while the next one is on its way, so the list does not flicker.
 */
export function useSuggestions(text: string): { hits: SearchHit[]; pending: boolean; forQuery: string | null } {
  const fetcher = useFetcher<{ q: string; hits: SearchHit[] }>();
  const query = text.trim();
  const wanted = query.length >= SUGGEST_MIN_CHARS ? query : null;
  const { load } = fetcher; // stable across renders

  useEffect(() => {
    if (!wanted) return;
    const timer = setTimeout(() => void load(`/search/suggest?q=${encodeURIComponent(wanted)}`), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, load]);

  if (!wanted) return { hits: [], pending: false, forQuery: null };
  const data = fetcher.data;
  return {
    hits: data?.hits ?? [],
    pending: fetcher.state !== 'idle' || data?.q !== wanted,
    forQuery: data?.q ?? null,
  };
}

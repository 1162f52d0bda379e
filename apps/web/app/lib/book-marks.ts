import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { create } from 'zustand';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from './auth-store';
import { signInHref } from './return-path';
import { toast } from './toasts';

/**
 * The signed-in member's marks on books: which they keep (the wishlist's heart) and which they
 * like (the book page's impression). Pages are the same for everyone and may be cached, so the
 * marks are never in their HTML: after hydration each heart asks for its book, and the asks of
 * one render are sent together (`GET /v5/library/book-state`, up to 100 books a call). The API
 * client loads only for a member, so visitors download none of it.
 */

export interface Marks {
  wishlisted: boolean;
  impressed: boolean;
}

interface BookMarksState {
  /** the member's marks by book id, once known */
  marks: Record<number, Marks>;
  /** a book's likes count as the member's own likes left it (the page's count is the cached one) */
  likes: Record<number, number>;
}

export const useBookMarks = create<BookMarksState>(() => ({ marks: {}, likes: {} }));

/** must match MAX_BOOK_STATE_IDS of the contracts (not imported: visitors never load them) */
const BATCH = 100;
/** asks made within this many ms go in one call (the cards of a page mount together) */
const GATHER_MS = 30;

let wanted = new Set<number>();
let asked = new Set<number>();
let timer: ReturnType<typeof setTimeout> | undefined;
/** each change of a book's mark; an answer for an older one is not applied */
const changes = new Map<number, number>();

const api = async () => {
  const [{ browserApi }, { libraryEndpoints }] = await Promise.all([
    import('./browser-api'),
    import('@nomsan/contracts/library.endpoints'),
  ]);
  return { client: browserApi(), endpoints: libraryEndpoints };
};

// Another member (or nobody) now: what was known belongs to the one before.
useAuth.subscribe((state, previous) => {
  if (state.user?.id === previous.user?.id) return;
  wanted = new Set();
  asked = new Set();
  changes.clear();
  useBookMarks.setState({ marks: {}, likes: {} });
});

function ask(bookId: number): void {
  if (asked.has(bookId) || bookId in useBookMarks.getState().marks) return;
  wanted.add(bookId);
  timer ??= setTimeout(() => void flush(), GATHER_MS);
}

async function flush(): Promise<void> {
  timer = undefined;
  const ids = [...wanted];
  wanted = new Set();
  for (const id of ids) asked.add(id);
  const userId = useAuth.getState().user?.id;
  try {
    const { client, endpoints } = await api();
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH);
      const { data } = await client.call(endpoints.bookState, { query: { book_id: batch } });
      if (useAuth.getState().user?.id !== userId) return;
      const wishlisted = new Set(data.wishlisted);
      const impressed = new Set(data.impressed);
      useBookMarks.setState((state) => {
        const marks = { ...state.marks };
        // a mark the member changed meanwhile stays as they set it
        for (const id of batch) marks[id] ??= { wishlisted: wishlisted.has(id), impressed: impressed.has(id) };
        return { marks };
      });
    }
  } catch {
    // the hearts stay as they are (unknown, shown empty); a later page asks again
    for (const id of ids) asked.delete(id);
  }
}

/** This member's marks on a book (undefined for a visitor, or until known); asks for them after hydration. */
export function useMarks(bookId: number): Marks | undefined {
  const userId = useAuth((state) => state.user?.id ?? null);
  useEffect(() => {
    if (userId !== null) ask(bookId);
  }, [userId, bookId]);
  return useBookMarks((state) => (userId === null ? undefined : state.marks[bookId]));
}

function setMark(bookId: number, key: keyof Marks, value: boolean): number {
  const change = (changes.get(bookId) ?? 0) + 1;
  changes.set(bookId, change);
  useBookMarks.setState((state) => {
    const current = state.marks[bookId] ?? { wishlisted: false, impressed: false };
    return { marks: { ...state.marks, [bookId]: { ...current, [key]: value } } };
  });
  return change;
}

/**
 * Keeps or lets go of a book, shown at once; on failure the heart goes back and a toast says so.
 * Resolves to whether the change was kept.
 */
export async function setWishlisted(bookId: number, value: boolean): Promise<boolean> {
  const change = setMark(bookId, 'wishlisted', value);
  try {
    const { client, endpoints } = await api();
    if (value) await client.call(endpoints.addToWishlist, { body: { book_id: bookId } });
    else await client.call(endpoints.removeFromWishlist, { params: { id: bookId } });
    return true;
  } catch {
    if (changes.get(bookId) === change) setMark(bookId, 'wishlisted', !value);
    toast.error(value ? mn.wishlist.saveFailed : mn.wishlist.removeFailed);
    return false;
  }
}

/** Likes a book or takes the like back, with its count, shown at once; on failure both go back. */
export async function setImpressed(bookId: number, value: boolean, shownLikes: number): Promise<void> {
  const change = setMark(bookId, 'impressed', value);
  const setLikes = (n: number) => useBookMarks.setState((state) => ({ likes: { ...state.likes, [bookId]: n } }));
  setLikes(Math.max(0, shownLikes + (value ? 1 : -1)));
  try {
    const { client, endpoints } = await api();
    const { data } = value
      ? await client.call(endpoints.like, { body: { book_id: bookId } })
      : await client.call(endpoints.unlike, { query: { book_id: bookId } });
    if (changes.get(bookId) === change) setLikes(data.likes_count);
  } catch {
    if (changes.get(bookId) === change) {
      setMark(bookId, 'impressed', !value);
      setLikes(shownLikes);
    }
    toast.error(mn.wishlist.likeFailed);
  }
}

/**
 * A mark's toggle for a button: a member's tap changes it, a visitor's goes to sign in and comes
 * back to this page.
 */
export function useMarkToggle(): (change: () => unknown) => void {
  const loggedIn = useAuth((state) => state.loggedIn);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (change: () => unknown) => {
      if (!loggedIn) return void navigate(signInHref(`${pathname}${search}`));
      change();
    },
    [loggedIn, navigate, pathname, search],
  );
}

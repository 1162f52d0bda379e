import { mn } from '@nomsan/contracts/messages';
import { setImpressed, setWishlisted, useBookMarks, useMarks, useMarkToggle } from '~/lib/book-marks';
import { MarkToggle } from '~/ui/mark-toggle';

/**
 * The member's marks on a book's page: keep it (the wishlist) and like it (the spec's book
 * impression). Shown unpressed in the page's HTML, which is the same for everyone; the member's
 * marks arrive after hydration. A visitor's tap goes to sign in.
 */
export function BookMarkButtons({ bookId, title, likes }: { bookId: number; title: string; likes: number }) {
  const marks = useMarks(bookId);
  const toggle = useMarkToggle();
  // the count as this member's own likes left it; the page's (cached) count until then
  const shownLikes = useBookMarks((state) => state.likes[bookId]) ?? likes;
  const saved = marks?.wishlisted ?? false;
  const liked = marks?.impressed ?? false;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
      <MarkToggle
        pressed={saved}
        label={mn.wishlist.save(title)}
        onToggle={() => toggle(() => setWishlisted(bookId, !saved))}
      >
        {mn.wishlist.saveShort}
      </MarkToggle>
      <MarkToggle
        shape="thumb"
        pressed={liked}
        label={mn.wishlist.likeLabel(title)}
        onToggle={() => toggle(() => setImpressed(bookId, !liked, shownLikes))}
      >
        {mn.wishlist.like}
      </MarkToggle>
      {shownLikes > 0 ? <span className="text-sm text-muted">{mn.detail.likes(shownLikes)}</span> : null}
    </div>
  );
}

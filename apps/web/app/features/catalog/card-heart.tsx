import { mn } from '@nomsan/contracts/messages';
import { setWishlisted, useMarks, useMarkToggle } from '~/lib/book-marks';
import { MarkToggle } from '~/ui/mark-toggle';

/**
 * The wishlist's heart over a book's cover: empty in the page's HTML (the same for everyone),
 * filled once the member's marks arrive. A visitor's tap goes to sign in.
 */
export function CardHeart({ bookId, title }: { bookId: number; title: string }) {
  const marks = useMarks(bookId);
  const toggle = useMarkToggle();
  const pressed = marks?.wishlisted ?? false;
  return (
    <MarkToggle
      overlay
      pressed={pressed}
      label={mn.wishlist.save(title)}
      onToggle={() => toggle(() => setWishlisted(bookId, !pressed))}
    />
  );
}

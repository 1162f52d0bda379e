/** a sideways swipe shorter than this is a tap or a wobble, not a page turn */
const SWIPE_PX = 40;

/**
 * The arrow a sideways swipe stands for: a finger moving right brings in the page on the left
 * (← : onwards in a right-to-left or vertical book, back in a left-to-right one), as turning a
 * paper page does. Null for a short or mostly vertical movement.
 */
export function swipeSide(dx: number, dy: number): 'left' | 'right' | null {
  if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(dy)) return null;
  return dx > 0 ? 'left' : 'right';
}

/**
 * Whether a chapter is laid out in vertical writing (Japanese, Chinese, traditional Mongolian):
 * foliate-js then pages along the vertical axis and ignores sideways swipes.
 */
export function isVertical(doc: Document): boolean {
  const view = doc.defaultView;
  if (!view) return false;
  return [doc.documentElement, doc.body].some(
    (element) => element && view.getComputedStyle(element).writingMode.startsWith('vertical'),
  );
}

/**
 * How far through the book the reader is: the share of the book's text up to the end of what
 * is on screen, as foliate-js counts it (each linear section weighs its bytes).
 */

interface SectionSize {
  linear?: string;
  size: number;
}

/** Each section's share of the book, as foliate-js weighs them when the book is opened. */
export function sectionShares(sections: readonly SectionSize[]): number[] {
  const sizes = sections.map((section) => (section.linear !== 'no' && section.size > 0 ? section.size : 0));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return sizes.map((size) => (total > 0 ? size / total : 0));
}

/**
 * The fraction of the book read once the screen is read. Paginated, foliate-js reports the end
 * of the page; scrolling, it reports only the top of the view (its page size is unknown there),
 * so the first screen of a book read 0 % in scrolled mode and 26 % paginated. Scrolling, the
 * part of the section on screen is added here, so both modes count the same way.
 */
export function readFraction(
  reported: number | undefined,
  section: number | undefined,
  shares: readonly number[],
  renderer: { scrolled: boolean; start: number; size: number; viewSize: number },
): number {
  const clamp = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
  if (!renderer.scrolled || section === undefined || !(renderer.viewSize > 0)) return clamp(reported ?? 0);
  const before = shares.slice(0, section).reduce((sum, share) => sum + share, 0);
  const seen = Math.min(1, (renderer.start + renderer.size) / renderer.viewSize);
  return clamp(before + seen * (shares[section] ?? 0));
}

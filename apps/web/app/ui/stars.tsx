import type { CSSProperties } from 'react';

/**
 * Five stars filled to `value` (0..5), with the number spoken instead of the drawing. One
 * element: the `stars` utility (app.css) masks a two-colour fill with a repeated star.
 */
export function Stars({ value, label, size = 16 }: { value: number; label: string; size?: number }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  const style = { width: size * 5, height: size, '--fill': `${percent}%` } as CSSProperties;
  return <span role="img" aria-label={label} className="stars inline-block shrink-0" style={style} />;
}

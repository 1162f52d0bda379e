import { spriteHref } from './icons';

/** Five stars in one drawing (one element, not five), the sprite's star repeated. */
function StarRow({ size, className }: { size: number; className?: string }) {
  return (
    <svg viewBox="0 0 120 24" width={size * 5} height={size} aria-hidden="true" className={className}>
      {[0, 24, 48, 72, 96].map((x) => (
        <use key={x} href={spriteHref('star')} x={x} width={24} height={24} />
      ))}
    </svg>
  );
}

/** Five stars filled to `value` (0..5), with the number spoken instead of the drawing. */
export function Stars({ value, label, size = 16 }: { value: number; label: string; size?: number }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span role="img" aria-label={label} className="relative inline-flex shrink-0 text-line">
      <StarRow size={size} />
      <span className="absolute inset-0 overflow-hidden text-amber-400" style={{ width: `${percent}%` }}>
        <StarRow size={size} className="max-w-none" />
      </span>
    </span>
  );
}

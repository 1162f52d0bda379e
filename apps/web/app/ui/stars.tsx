import { StarIcon } from './icons';

/** Five stars filled to `value` (0..5), with the number spoken instead of the drawing. */
export function Stars({ value, label, size = 16 }: { value: number; label: string; size?: number }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span role="img" aria-label={label} className="relative inline-flex shrink-0 text-line">
      {[0, 1, 2, 3, 4].map((i) => (
        <StarIcon key={i} width={size} height={size} />
      ))}
      <span className="absolute inset-0 flex overflow-hidden text-amber-400" style={{ width: `${percent}%` }}>
        {[0, 1, 2, 3, 4].map((i) => (
          <StarIcon key={i} width={size} height={size} className="shrink-0" />
        ))}
      </span>
    </span>
  );
}

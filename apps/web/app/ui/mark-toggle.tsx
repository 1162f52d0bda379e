import type { ReactNode } from 'react';

/** The heart, outlined or filled (the sprite's symbol is outline only). */
export function HeartShape({ filled, size = 20 }: { filled: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20s-7-4.4-8.6-9A4.8 4.8 0 0 1 12 6.5a4.8 4.8 0 0 1 8.6 4.5C19 15.6 12 20 12 20Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A thumb up, outlined or filled: the like, told apart from the wishlist's heart. */
export function ThumbShape({ filled, size = 20 }: { filled: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M7.5 10.5v9h-3v-9h3Zm0 0 3.6-6.3c.3-.5.9-.7 1.4-.5 1 .4 1.5 1.5 1.2 2.5l-.8 2.8h5a2 2 0 0 1 2 2.4l-1.3 6.4a2 2 0 0 1-2 1.7H7.5"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A mark a member sets on a book, as a toggle: a heart (the wishlist) or a thumb up (a like).
 * One accessible name whatever its state, the state in `aria-pressed`. `overlay` is the round
 * button over a cover, named by `label`; otherwise a pill named by its visible text, `children`
 * (`label` its tooltip).
 */
export function MarkToggle({
  pressed,
  label,
  onToggle,
  overlay = false,
  shape = 'heart',
  children,
}: {
  pressed: boolean;
  label: string;
  onToggle: () => void;
  overlay?: boolean;
  shape?: 'heart' | 'thumb';
  children?: ReactNode;
}) {
  const named = overlay || !children;
  const Shape = shape === 'heart' ? HeartShape : ThumbShape;
  const colour = pressed ? (shape === 'heart' ? 'text-red-500' : 'text-brand') : overlay ? 'text-ink' : 'text-muted';
  return (
    <button
      type="button"
      aria-label={named ? label : undefined}
      aria-pressed={pressed}
      title={label}
      onClick={onToggle}
      className={
        overlay
          ? `inline-flex size-9 items-center justify-center rounded-full bg-white/90 shadow-sm ring-1 ring-black/5 backdrop-blur transition hover:scale-105 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${colour}`
          : `inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
              pressed
                ? shape === 'heart'
                  ? 'border-red-200 bg-red-50'
                  : 'border-brand/30 bg-brand-soft'
                : 'border-line bg-white hover:border-brand hover:text-brand'
            } ${colour}`
      }
    >
      <Shape filled={pressed} size={overlay ? 20 : 18} />
      {named ? null : <span className={pressed ? 'text-ink' : undefined}>{children}</span>}
    </button>
  );
}

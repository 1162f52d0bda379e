/** The store's button looks, for <button>s and links that act as buttons. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants = {
  primary: 'bg-brand text-white hover:bg-brand-dark',
  secondary: 'border border-line bg-white text-ink hover:border-brand hover:text-brand',
  danger: 'bg-red-600 text-white hover:bg-red-700',
  ghost: 'text-ink hover:bg-surface',
} as const;

const sizes = {
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
  sm: 'h-9 px-4 text-sm',
} as const;

export function buttonClass(
  variant: keyof typeof variants = 'primary',
  size: keyof typeof sizes = 'md',
  extra = '',
): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

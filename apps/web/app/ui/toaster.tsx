import { useToasts } from '~/lib/toasts';

const tone = {
  success: 'bg-emerald-600',
  error: 'bg-red-600',
  info: 'bg-ink',
} as const;

/** The toast stack at the bottom of the screen, announced to screen readers. */
export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex flex-col items-center gap-2 px-4 lg:bottom-6"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto max-w-md rounded-xl px-4 py-3 text-sm font-medium text-white shadow-lg ${tone[t.kind]}`}
        >
          {t.text}
        </div>
      ))}
    </div>
  );
}

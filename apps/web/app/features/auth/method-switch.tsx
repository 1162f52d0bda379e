import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { withPrev } from '~/lib/return-path';

const t = mn.authPages;

export type SignInMethod = 'password' | 'code';

/** Password or one-time code: two links (the choice is in the URL, so it works before scripts). */
export function MethodSwitch({ method, prev }: { method: SignInMethod; prev: string }) {
  const item = (value: SignInMethod, label: string) => (
    <Link
      to={withPrev(value === 'code' ? '/auth?method=code' : '/auth', prev)}
      replace
      aria-current={method === value ? 'true' : undefined}
      className={`flex h-10 flex-1 items-center justify-center rounded-full text-sm font-semibold transition-colors ${
        method === value ? 'bg-white text-ink shadow-sm' : 'text-muted hover:text-ink'
      }`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label={t.methods} className="mb-5 flex gap-1 rounded-full bg-surface p-1">
      {item('password', t.withPassword)}
      {item('code', t.withCode)}
    </nav>
  );
}

export function methodFrom(search: URLSearchParams): SignInMethod {
  return search.get('method') === 'code' ? 'code' : 'password';
}

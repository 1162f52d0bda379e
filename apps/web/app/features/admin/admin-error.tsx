import { isRouteErrorResponse, Link, useRevalidator } from 'react-router';
import { isApiError } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import { failureOf } from '~/lib/form';
import { adminButton } from './ui';

const t = mn.admin.errors;

/** What a failed page says: the API's Mongolian message, no access, or not found; never a stack. */
export function describeError(error: unknown): { status: number; title: string; text: string } {
  const status = isRouteErrorResponse(error) ? error.status : isApiError(error) ? error.status : 0;
  if (status === 403) return { status, title: t.forbiddenTitle, text: t.forbidden };
  if (status === 404 && !isApiError(error)) return { status, title: t.notFoundTitle, text: t.notFound };
  if (isApiError(error) || error instanceof TypeError)
    return { status, title: t.title, text: failureOf(error).message };
  return { status, title: t.title, text: mn.errors.INTERNAL };
}

/** A page that could not be shown, inside the back office's layout: why, a retry, the way home. */
export function AdminError({ error }: { error: unknown }) {
  const { revalidate, state } = useRevalidator();
  const { status, title, text } = describeError(error);
  return (
    <div role="alert" className="rounded-xl border border-line bg-white px-5 py-10 text-center sm:px-10">
      <title>{`${title} | ${mn.admin.title}`}</title>
      <h1 className="text-lg font-bold">{title}</h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {status !== 403 && status !== 404 ? (
          <button
            type="button"
            onClick={() => void revalidate()}
            disabled={state === 'loading'}
            className={adminButton('primary')}
          >
            {t.retry}
          </button>
        ) : null}
        <Link to="/admin" className={adminButton('secondary')}>
          {t.home}
        </Link>
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';

/** The spec's not-found page: its text and a link back to /book. */
export function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{`${mn.notFound.title} | ${mn.brand.name}`}</title>
      <p aria-hidden="true" className="text-7xl font-black text-brand/15">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{mn.notFound.title}</h1>
      <p className="mt-3 text-muted">{mn.notFound.description}</p>
      <Link
        to="/book"
        className="mt-8 inline-flex h-11 items-center rounded-full bg-brand px-6 font-semibold text-white hover:bg-brand-dark"
      >
        {mn.notFound.back}
      </Link>
    </div>
  );
}

/** Any other failure: the status code, a plain explanation, a retry and a way home. */
export function ErrorPage({ status }: { status: number }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{`${mn.errorPage.title} | ${mn.brand.name}`}</title>
      <p className="text-sm font-semibold text-muted">
        {mn.errorPage.status}: {status}
      </p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{mn.errorPage.title}</h1>
      <p className="mt-3 text-muted">
        {status === 429 ? mn.errors.RATE_LIMITED : status === 503 ? mn.errors.UNAVAILABLE : mn.errorPage.description}
      </p>
      <div className="mt-8 flex gap-3">
        <a
          href=""
          className="inline-flex h-11 items-center rounded-full bg-brand px-6 font-semibold text-white hover:bg-brand-dark"
        >
          {mn.errorPage.retry}
        </a>
        <Link
          to="/"
          className="inline-flex h-11 items-center rounded-full border border-line px-6 font-semibold hover:border-brand hover:text-brand"
        >
          {mn.errorPage.home}
        </Link>
      </div>
    </div>
  );
}

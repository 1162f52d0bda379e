import { data } from 'react-router';
import { NotFound } from '~/features/shell/status-pages';

/** Every path no route claims: the not-found page with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

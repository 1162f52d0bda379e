import { redirect } from 'react-router';
import { requireUser } from '~/lib/auth.server';
import type { Route } from './+types/account';

/**
 * The old address of "My library": members go on to `/my-library/books`; visitors sign in first
 * and come back here (and so on there).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context, request);
  throw redirect('/my-library/books');
}

export default function Account() {
  return null;
}

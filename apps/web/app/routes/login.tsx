import { redirect } from 'react-router';
import { prevFrom, withPrev } from '~/lib/return-path';
import type { Route } from './+types/login';

/** `/login`: the spec's older address of the sign-in page; `prev` goes along. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(withPrev('/auth', prevFrom(new URL(request.url).search)));
}

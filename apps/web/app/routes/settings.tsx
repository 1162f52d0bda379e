import { Outlet } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { SettingsNav } from '~/features/account/settings-nav';
import { requireUser } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/settings';

/** Every settings page needs a signed-in user; visitors go to sign in and come back. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { user: await requireUser(context, request) };
}

// Checked again at every navigation inside settings: a device revoked elsewhere leaves at once.
export const shouldRevalidate = () => true;

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(mn.settings.title);

export default function SettingsLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-screen-xl px-4 pt-6 pb-12 lg:px-6 lg:pt-10">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{mn.settings.title}</h1>
      <div className="mt-5 lg:mt-8 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <SettingsNav user={loaderData.user} />
        <div className="mt-6 lg:mt-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

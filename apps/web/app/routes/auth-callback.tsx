import { data } from 'react-router';
import { oauthCallbackPaths, oauthProviders } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { OAuthCallback } from '~/features/auth/oauth-callback';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/auth-callback';

/** `/auth/google/callback`, `/auth/facebook/callback`, `/toki/callback`: back from a provider. */
export function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname.replace(/\.data$/, '');
  const provider = oauthProviders.find((p) => oauthCallbackPaths[p] === pathname);
  if (!provider) throw data(null, { status: 404 });
  return { provider };
}

export const meta: Route.MetaFunction = () => privatePageMeta(mn.authPages.callbackWorking);

export default function CallbackRoute({ loaderData }: Route.ComponentProps) {
  return <OAuthCallback provider={loaderData.provider} />;
}

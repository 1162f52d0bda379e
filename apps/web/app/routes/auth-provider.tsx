import { data, useSearchParams } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { ProviderPage, providerPageOf } from '~/features/auth/provider-page';
import { privatePageMeta } from '~/lib/meta';
import { prevFrom } from '~/lib/return-path';
import { PROVIDER_NAMES } from '~/ui/provider-icons';
import type { Route } from './+types/auth-provider';

/** The social button pages: sign-in and register variants for Google, Facebook and Toki. */
export function loader({ request }: Route.LoaderArgs) {
  const page = providerPageOf(new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(
    loaderData
      ? (loaderData.variant === 'register' ? mn.authPages.registerWithProvider : mn.authPages.withProvider)(
          PROVIDER_NAMES[loaderData.provider],
        )
      : mn.authPages.signInTitle,
  );

export default function ProviderRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return <ProviderPage provider={loaderData.provider} variant={loaderData.variant} prev={prevFrom(search)} />;
}

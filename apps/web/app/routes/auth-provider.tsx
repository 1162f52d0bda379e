import { data, useSearchParams } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { ProviderPage, providerPageOf } from '~/features/auth/provider-page';
import { requireVisitor } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import { prevFrom } from '~/lib/return-path';
import { useRevalidateOnRestore } from '~/lib/use-revalidate-on-restore';
import { PROVIDER_NAMES } from '~/ui/provider-icons';
import type { Route } from './+types/auth-provider';

/**
 * The social button pages: sign-in and register variants for Google, Facebook and Toki. They
 * start a sign-in (linking is done from settings), so members go on to `prev`.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = providerPageOf(new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  await requireVisitor(context, request);
  return page;
}

// The answer depends on the session cookie (a member is sent on), so no cache may keep the form:
// Back after signing in elsewhere would show it again from the browser's cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(
    loaderData
      ? (loaderData.variant === 'register' ? mn.authPages.registerWithProvider : mn.authPages.withProvider)(
          PROVIDER_NAMES[loaderData.provider],
        )
      : mn.authPages.signInTitle,
  );

export default function ProviderRoute({ loaderData }: Route.ComponentProps) {
  useRevalidateOnRestore();
  const [search] = useSearchParams();
  return <ProviderPage provider={loaderData.provider} variant={loaderData.variant} prev={prevFrom(search)} />;
}

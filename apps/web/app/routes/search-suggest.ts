import { SEARCH_QUERY_MAX } from '@nomsan/contracts/search-options';
import type { Route } from './+types/search-suggest';

/**
 * The header box's as-you-type suggestions, for its fetcher. The same for everyone, so the
 * browser may reuse an answer for half a minute.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const hits = q ? await context.api.suggest(q).catch(() => []) : [];
  return Response.json({ q, hits }, { headers: { 'cache-control': 'public, max-age=30' } });
}

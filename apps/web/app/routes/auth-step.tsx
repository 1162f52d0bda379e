import { data, useSearchParams } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { CodeStep } from '~/features/auth/code-step';
import { privatePageMeta } from '~/lib/meta';
import { prevFrom } from '~/lib/return-path';
import type { Route } from './+types/auth-step';

/** The steps of `/auth/:slug?` (the spec's optional slug): only the code step so far. */
const STEPS = new Set(['code']);

export function loader({ params }: Route.LoaderArgs) {
  if (!STEPS.has(params.slug)) throw data(null, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = () => privatePageMeta(mn.authPages.codeLabel);

export default function AuthStepPage() {
  const [search] = useSearchParams();
  return <CodeStep prev={prevFrom(search)} />;
}

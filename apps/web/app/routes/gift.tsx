import { Link, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { GiftForm } from '~/features/codes/gift-form';
import { checkSessionCookie, requestPath } from '~/lib/auth.server';
import { optional, required } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { signInHref } from '~/lib/return-path';
import { buttonClass } from '~/ui/buttons';
import type { Route } from './+types/gift';

const t = mn.codePages;

/** The plans and credit packs to give; whether a member is asking (visitors sign in to send). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [plans, packs, member] = await Promise.all([
    required(context.api.subscriptions.plans()),
    optional(context.api.creditPacks(), []),
    checkSessionCookie(request)
      ? context.api.currentUser({ likes: false }).then(
          () => true,
          () => false,
        )
      : false,
  ]);
  return { path: requestPath(request).split('?')[0] ?? '', plans, packs, member };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({ title: t.giftTitle, description: t.giftLead, path: loaderData?.path, baseUrl: baseUrlFrom(matches) });

/** `/gift`: a plan's period or a credit pack as a gift card for a phone or an e-mail. */
export default function GiftPage({ loaderData }: Route.ComponentProps) {
  const { plans, packs, member } = loaderData;
  const location = useLocation();
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-12 lg:pt-10">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t.giftTitle}</h1>
      <p className="mt-2 text-muted">{t.giftLead}</p>
      <p className="mt-4 rounded-2xl bg-surface px-5 py-4 text-sm">
        {t.codeSent}{' '}
        <Link to="/my-library/cards" className="font-semibold text-brand hover:underline">
          {t.myCards}
        </Link>
      </p>
      <div className="mt-6 rounded-3xl border border-line bg-white p-5 sm:p-6">
        {member ? (
          <GiftForm plans={plans} packs={packs} />
        ) : (
          <div className="py-6 text-center">
            <p className="font-semibold">{t.signIn}</p>
            <Link
              to={signInHref(`${location.pathname}${location.search}`)}
              className={buttonClass('primary', 'lg', 'mt-4')}
            >
              {t.signInButton}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}

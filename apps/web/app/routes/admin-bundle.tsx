import { useRevalidator } from 'react-router';
import type { DeskBundle } from '@nomsan/contracts/bundle-desk';
import { bundleDeskEndpoints } from '@nomsan/contracts/bundle-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { AdminError } from '~/features/admin/admin-error';
import {
  BundleCoverPanel,
  BundleForm,
  BundleItemsPanel,
  BundleOfferPanel,
  BundleSalePanel,
} from '~/features/admin/bundle-desk';
import { DeskTitleHeader, DeskTitleLayout, loadDeskTitle, useChangedSince } from '~/features/admin/desk-page';
import { formatDateTime } from '~/lib/format';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-bundle';

const t = mn.admin.bundles;

/** The bundle with its titles and its price. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadDeskTitle(request, params, async (api, id) => ({
    bundle: (await api.call(bundleDeskEndpoints.bundle, { params: id })).data,
  }));
}

export const meta: Route.MetaFunction = ({ data: loaded }) => privatePageMeta(loaded?.bundle.title ?? t.title);

/**
 * `/admin/bundles/:id` (editors): a bundle's title and description; its books or summaries in
 * order; whether it is on sale; its cover; its price; its page in the store while on sale.
 */
export default function AdminBundle({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [changed, change] = useChangedSince<typeof loaderData, { bundle: DeskBundle }>(loaderData);
  const bundle = changed.bundle ?? loaderData.bundle;
  const onBundle = (next: DeskBundle) => {
    change({ bundle: next });
    void revalidate();
  };
  return (
    <>
      <DeskTitleHeader
        back={{ to: '/admin/bundles', label: t.back }}
        item={bundle}
        when={`${t.created}: ${formatDateTime(bundle.created_at)}`}
        publicPage={bundle.active ? { href: bundle.url, label: t.publicPage } : null}
      />
      <DeskTitleLayout
        aside={
          <>
            {/* a new state of the bundle starts the panel afresh (no refusal left from before) */}
            <BundleSalePanel
              key={`${bundle.id}:${bundle.active}:${bundle.items.length}:${bundle.offer?.price_mnt}`}
              bundle={bundle}
              onChanged={onBundle}
            />
            <BundleCoverPanel key={`cover-${bundle.id}`} bundle={bundle} onChanged={onBundle} />
          </>
        }
      >
        <BundleForm key={bundle.id} bundle={bundle} onSaved={onBundle} />
        <BundleItemsPanel
          key={`items-${bundle.id}:${bundle.items.map((item) => item.id).join(',')}`}
          bundle={bundle}
          onChanged={onBundle}
        />
        <BundleOfferPanel bundle={bundle} onChanged={onBundle} />
      </DeskTitleLayout>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}

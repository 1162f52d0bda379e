import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { podcastFeedEndpoints } from '@nomsan/contracts/podcasts.endpoints';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { AddFeedForm, FeedsTable, describeResult, type FeedResult } from '~/features/admin/podcast-feeds';
import { PageHeader, Panel } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-podcasts';

const t = mn.admin.podcasts;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return staffLoad(request, async (api) => ({ feeds: (await api.call(podcastFeedEndpoints.feeds)).data }));
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/podcasts` (editors): channels added by their RSS feed, adding one, and reading one again now. */
export default function AdminPodcasts({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  // what the last refresh did (or why it failed), above the table
  const [refreshed, setRefreshed] = useState<{ text: string; failed: boolean } | null>(null);
  const onRefreshed = (result: FeedResult | string) => {
    setRefreshed(
      typeof result === 'string' ? { text: result, failed: true } : { text: describeResult(result), failed: false },
    );
    void revalidate();
  };
  return (
    <>
      <PageHeader title={t.title} lead={t.lead} />
      <div className="space-y-5">
        <AddFeedForm
          onAdded={() => {
            setRefreshed(null);
            void revalidate();
          }}
        />
        <Panel title={t.list} flush>
          {refreshed ? (
            <p
              role={refreshed.failed ? 'alert' : 'status'}
              className={`border-b border-line px-4 py-3 text-sm sm:px-5 ${refreshed.failed ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-900'}`}
            >
              {refreshed.text}
            </p>
          ) : null}
          <FeedsTable feeds={loaderData.feeds} onRefreshed={onRefreshed} />
        </Panel>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}

import { useState } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import { deskIdParams, type DeskOffer, type DeskSummary } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { RecordingPanel } from '~/features/admin/catalog-book-audio';
import { CoverThumb } from '~/features/admin/catalog-list';
import { SummaryCoverPanel, SummaryForm, SummaryOfferPanel, SummaryStatusPanel } from '~/features/admin/summary-desk';
import { PageHeader, adminButton } from '~/features/admin/ui';
import { formatDateTime } from '~/lib/format';
import { privatePageMeta } from '~/lib/meta';
import { ChevronLeftIcon } from '~/ui/icons';
import type { Route } from './+types/admin-summary';

const t = mn.admin.summaries;

/** The summary, its offer and where its recording is; an id that is no number is not found. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const id = deskIdParams.safeParse(params);
  if (!id.success) throw data(null, { status: 404 });
  return staffLoad(request, async (api) => {
    const [summary, offer, audio] = await Promise.all([
      api.call(catalogDeskEndpoints.summary, { params: id.data }).then((answer) => answer.data),
      api.call(catalogDeskEndpoints.summaryOffer, { params: id.data }).then((answer) => answer.data),
      api.call(catalogDeskEndpoints.summaryAudioStatus, { params: id.data }).then((answer) => answer.data),
    ]);
    return { summary, offer, audio };
  });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => privatePageMeta(loaded?.summary.title ?? t.title);

/**
 * `/admin/summaries/:id` (editors): a summary's fields and text, the book it summarises; its
 * status; its cover and recording; its price and the subscriptions that open it; its page in
 * the store once published.
 */
export default function AdminSummary({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  // what the last change answered, until the page's data is read again
  const [changed, setChanged] = useState<{ summary?: DeskSummary; offer?: DeskOffer | null }>({});
  const [loaded, setLoaded] = useState(loaderData);
  if (loaded !== loaderData) {
    setLoaded(loaderData);
    setChanged({});
  }
  const summary = changed.summary ?? loaderData.summary;
  const offer = changed.offer !== undefined ? changed.offer : loaderData.offer;
  const onSummary = (next: DeskSummary) => {
    setChanged((previous) => ({ ...previous, summary: next }));
    void revalidate();
  };
  return (
    <>
      <div className="mb-3">
        <Link
          to="/admin/summaries"
          className="inline-flex items-center gap-1 text-sm font-semibold text-muted hover:text-brand"
        >
          <ChevronLeftIcon width={16} height={16} />
          {t.back}
        </Link>
      </div>
      <div className="mb-5 flex items-start gap-4">
        <CoverThumb image={summary.cover} className="w-14 sm:w-16" />
        <div className="min-w-0 flex-1">
          <PageHeader
            title={summary.title}
            lead={`#${summary.id} · ${mn.admin.book.updated(formatDateTime(summary.updated_at))}`}
            actions={
              summary.status === 'published' ? (
                <a href={summary.url} target="_blank" rel="noopener" className={adminButton('secondary')}>
                  {t.publicPage}
                </a>
              ) : null
            }
          />
        </div>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <aside className="space-y-5 lg:order-last">
          <SummaryStatusPanel key={`${summary.id}:${summary.updated_at}`} summary={summary} onChanged={onSummary} />
          <SummaryCoverPanel key={`cover-${summary.id}`} summary={summary} onChanged={onSummary} />
          <RecordingPanel
            key={`audio-${summary.id}`}
            kind="summary"
            target={summary}
            initial={loaderData.audio}
            onChanged={() => void revalidate()}
          />
        </aside>
        <div className="min-w-0 space-y-5">
          <SummaryForm key={summary.id} summary={summary} onSaved={onSummary} />
          <SummaryOfferPanel
            summaryId={summary.id}
            offer={offer}
            onChanged={(next) => setChanged((previous) => ({ ...previous, offer: next }))}
          />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}

import { useRevalidator } from 'react-router';
import type { DeskOffer, DeskSummary } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { AdminError } from '~/features/admin/admin-error';
import { RecordingPanel } from '~/features/admin/catalog-book-audio';
import {
  DeskTitleHeader,
  DeskTitleLayout,
  changedAt,
  loadDeskTitle,
  useChangedSince,
} from '~/features/admin/desk-page';
import { SummaryCoverPanel, SummaryForm, SummaryOfferPanel, SummaryStatusPanel } from '~/features/admin/summary-desk';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-summary';

const t = mn.admin.summaries;

/** The summary, its offer, where its recording is and the categories to choose from. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadDeskTitle(request, params, async (api, id) => {
    const [summary, offer, audio, categories] = await Promise.all([
      api.call(catalogDeskEndpoints.summary, { params: id }).then((answer) => answer.data),
      api.call(catalogDeskEndpoints.summaryOffer, { params: id }).then((answer) => answer.data),
      api.call(catalogDeskEndpoints.summaryAudioStatus, { params: id }).then((answer) => answer.data),
      api.call(catalogDeskEndpoints.categories).then((answer) => answer.data),
    ]);
    return { summary, offer, audio, categories };
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
  const [changed, change] = useChangedSince<typeof loaderData, { summary: DeskSummary; offer: DeskOffer | null }>(
    loaderData,
  );
  const summary = changed.summary ?? loaderData.summary;
  const offer = changed.offer !== undefined ? changed.offer : loaderData.offer;
  const onSummary = (next: DeskSummary) => {
    change({ summary: next });
    void revalidate();
  };
  return (
    <>
      <DeskTitleHeader
        back={{ to: '/admin/summaries', label: t.back }}
        item={summary}
        when={changedAt(summary.updated_at)}
        publicPage={summary.status === 'published' ? { href: summary.url, label: t.publicPage } : null}
      />
      <DeskTitleLayout
        aside={
          <>
            <SummaryStatusPanel key={`${summary.id}:${summary.updated_at}`} summary={summary} onChanged={onSummary} />
            <SummaryCoverPanel key={`cover-${summary.id}`} summary={summary} onChanged={onSummary} />
            <RecordingPanel
              key={`audio-${summary.id}`}
              kind="summary"
              target={summary}
              initial={loaderData.audio}
              onChanged={() => void revalidate()}
            />
          </>
        }
      >
        <SummaryForm key={summary.id} summary={summary} categories={loaderData.categories} onSaved={onSummary} />
        <SummaryOfferPanel summaryId={summary.id} offer={offer} onChanged={(next) => change({ offer: next })} />
      </DeskTitleLayout>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}

import type { ReactNode } from 'react';
import type { BundleDetail } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { formatMnt } from '~/lib/format';
import { HeroCover } from '~/ui/hero-cover';
import { LayersIcon } from '~/ui/icons';

/** A bundle's head: cover, title, what it holds, and what it saves against buying one by one. */
export function BundleHero({ bundle, offers }: { bundle: BundleDetail; offers?: ReactNode }) {
  const price = bundle.offer?.price_mnt ?? null;
  const saving = price !== null ? bundle.items_value_mnt - price : 0;
  return (
    <div className="grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8 lg:grid-cols-[17rem_minmax(0,1fr)_20rem] xl:gap-10">
      <HeroCover image={bundle.cover} title={bundle.title} shape="square" />
      <div className="min-w-0">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-brand">
          <LayersIcon width={16} height={16} />
          {bundle.kind === 'summary' ? mn.bundle.summaryBundle : mn.bundle.bookBundle}
        </p>
        <h1 className="mt-3 text-2xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl">
          {bundle.title}
        </h1>
        <p className="mt-2 text-muted">{mn.bundle.items(bundle.items_count)}</p>
        {bundle.description ? (
          <p className="mt-4 max-w-prose leading-relaxed text-ink/85">{bundle.description}</p>
        ) : null}
        {price !== null && saving > 0 ? (
          <dl className="mt-5 inline-grid grid-cols-[auto_auto] gap-x-6 gap-y-1 rounded-2xl bg-surface px-5 py-4 text-sm">
            <dt className="text-muted">{mn.bundle.value}</dt>
            <dd className="text-right">
              <s>{formatMnt(bundle.items_value_mnt)}</s>
            </dd>
            <dt className="text-muted">{mn.bundle.label}</dt>
            <dd className="text-right font-bold">{formatMnt(price)}</dd>
            <dt className="sr-only">{mn.bundle.savingLabel}</dt>
            <dd className="col-span-2 mt-1 text-right font-bold text-green-700">
              {mn.bundle.saving(formatMnt(saving))}
            </dd>
          </dl>
        ) : null}
      </div>
      {offers ? <aside className="md:col-span-2 lg:col-span-1">{offers}</aside> : null}
    </div>
  );
}

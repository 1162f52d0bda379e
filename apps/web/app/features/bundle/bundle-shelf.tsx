import { useId } from 'react';
import { Link } from 'react-router';
import type { BundleCard } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { formatMnt } from '~/lib/format';
import { href } from '~/lib/links';
import { Cover } from '~/ui/cover';
import { LayersIcon } from '~/ui/icons';

/** Bundles that contain the item on this page, as wide cards linking to each bundle. */
export function BundleShelf({ title, bundles }: { title: string; bundles: BundleCard[] }) {
  const headingId = useId();
  if (bundles.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="py-5">
      <h2 id={headingId} className="text-lg font-bold sm:text-2xl">
        {title}
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {bundles.map((bundle) => (
          <li key={bundle.id}>
            <Link
              to={href.bundle(bundle.kind, bundle.slug)}
              className="group flex items-center gap-4 rounded-2xl border border-line p-3 hover:border-brand hover:shadow-sm"
            >
              <Cover
                image={bundle.cover}
                alt=""
                sizes="96px"
                className="aspect-square w-24 shrink-0 rounded-xl object-cover"
              />
              <span className="min-w-0">
                <span className="flex items-center gap-1.5 text-xs font-semibold text-brand">
                  <LayersIcon width={14} height={14} />
                  {bundle.kind === 'summary' ? mn.bundle.summaryBundle : mn.bundle.bookBundle} ·{' '}
                  {mn.bundle.items(bundle.items_count)}
                </span>
                <span className="mt-1 line-clamp-2 font-semibold group-hover:text-brand">{bundle.title}</span>
                {bundle.offer?.price_mnt != null ? (
                  <span className="mt-1 block text-sm font-bold">{formatMnt(bundle.offer.price_mnt)}</span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

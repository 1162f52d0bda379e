import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { ChevronRightIcon } from './icons';

/** The visible trail (the JSON-LD BreadcrumbList says the same to crawlers). */
export function Breadcrumbs({ crumbs }: { crumbs: { name: string; path: string }[] }) {
  const trail = [{ name: mn.layout.homeLink, path: '/' }, ...crumbs];
  return (
    <nav aria-label={mn.detail.breadcrumb} className="text-sm text-muted">
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.path} className="flex min-w-0 items-center gap-1.5">
              {index > 0 ? <ChevronRightIcon width={14} height={14} className="shrink-0" /> : null}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-ink">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.path} className="truncate hover:text-brand">
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { href } from '~/lib/links';

/** The categories of a book or summary as chips linking to their category pages. */
export function CategoryLinks({ categories }: { categories: { id: number; title: string; slug: string }[] }) {
  if (categories.length === 0) return null;
  return (
    <ul className="mt-5 flex flex-wrap gap-2" aria-label={mn.detail.categories}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={href.category(category.slug)}
            className="inline-flex h-8 items-center rounded-full bg-surface px-3 text-sm font-medium hover:bg-brand-soft hover:text-brand"
          >
            {category.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

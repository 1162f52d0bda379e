import type { Image } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { Cover } from '~/ui/cover';
import { BookOpenIcon, HeartIcon } from '~/ui/icons';

/** The head of an author, narrator or publisher page: photo or logo, name, role, counts, bio. */
export function PersonHeader({
  name,
  role,
  image,
  bio,
  booksCount,
  likesCount,
  round = true,
}: {
  name: string;
  role: string;
  image: Image;
  bio: string;
  booksCount: number;
  likesCount?: number;
  round?: boolean;
}) {
  return (
    <header className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:gap-8 sm:text-left">
      <div
        className={`w-32 shrink-0 overflow-hidden sm:w-40 ${round ? 'rounded-full' : 'rounded-2xl'} shadow-lg ring-1 ring-black/5`}
      >
        <Cover image={image} alt={name} sizes="160px" eager className="aspect-square w-full object-cover" />
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-brand">{role}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{name}</h1>
        <ul className="mt-3 flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm text-muted sm:justify-start">
          <li className="inline-flex items-center gap-1.5">
            <BookOpenIcon width={16} height={16} />
            {mn.people.books(booksCount)}
          </li>
          {likesCount !== undefined ? (
            <li className="inline-flex items-center gap-1.5">
              <HeartIcon width={16} height={16} />
              {mn.people.likes(likesCount)}
            </li>
          ) : null}
        </ul>
        {bio ? <p className="mt-4 max-w-3xl leading-relaxed whitespace-pre-line text-ink/85">{bio}</p> : null}
      </div>
    </header>
  );
}

import { useId } from 'react';
import { Link } from 'react-router';
import type { BookDetail } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { formatDuration } from '~/lib/format';
import { searchHref } from '~/lib/links';

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}|\r\n\r\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index} className="mt-3 leading-relaxed first:mt-0">
            {paragraph}
          </p>
        ))}
    </>
  );
}

function Chapters({ chapters }: { chapters: NonNullable<BookDetail['audiobook']>['chapters'] }) {
  if (chapters.length === 0) return null;
  return (
    <details className="group mt-6 rounded-2xl border border-line">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-5 py-4 font-semibold marker:hidden">
        <span>
          {mn.detail.chapters}{' '}
          <span className="font-normal text-muted">· {mn.detail.chaptersCount(chapters.length)}</span>
        </span>
        <span aria-hidden="true" className="text-muted transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <ol className="divide-y divide-line border-t border-line">
        {chapters.map((chapter) => (
          <li key={chapter.position} className="flex items-center gap-4 px-5 py-2.5 text-sm">
            <span className="w-6 text-right tabular-nums text-muted">{chapter.position}</span>
            <span className="min-w-0 flex-1 truncate">{chapter.title}</span>
            <span className="tabular-nums text-muted">{formatDuration(chapter.duration_seconds)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Description, the facts table (publisher, language, year, tags) and the chapter list. */
export function BookAbout({ book }: { book: BookDetail }) {
  const headingId = useId();
  const facts = [
    { label: mn.detail.language, value: mn.detail.languages[book.language] ?? book.language },
    book.english_level ? { label: mn.detail.englishLevel, value: book.english_level } : null,
    book.published_year ? { label: mn.detail.publishedYear, value: String(book.published_year) } : null,
    book.publisher ? { label: mn.detail.publisher, value: book.publisher.name } : null,
    book.audiobook ? { label: mn.book.audiobook, value: formatDuration(book.audiobook.duration_seconds) } : null,
    book.ebook ? { label: mn.book.ebook, value: mn.book.pages(book.ebook.pages) } : null,
  ].filter((fact) => fact !== null);
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
        {mn.detail.description}
      </h2>
      <div className="mt-3 max-w-prose text-[15px] text-ink/90">
        <Paragraphs text={book.description} />
      </div>
      <h3 className="mt-8 text-lg font-bold">{mn.detail.details}</h3>
      <dl className="mt-3 grid grid-cols-1 gap-x-8 gap-y-0 text-sm sm:grid-cols-2">
        {facts.map((fact) => (
          <div key={fact.label} className="flex justify-between gap-4 border-b border-line py-2.5">
            <dt className="text-muted">{fact.label}</dt>
            <dd className="text-right font-medium">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {book.tags.length > 0 ? (
        <ul className="mt-5 flex flex-wrap gap-2" aria-label={mn.detail.tags}>
          {book.tags.map((tag) => (
            <li key={tag.id}>
              {/* a tag is searched for: the search index holds every book's tags */}
              <Link
                to={searchHref(tag.name) ?? '/search'}
                className="inline-block rounded-full border border-line px-3 py-1 text-sm text-muted hover:border-brand hover:text-brand"
              >
                #{tag.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {book.audiobook ? <Chapters chapters={book.audiobook.chapters} /> : null}
    </section>
  );
}

import type { BookDetail, SummaryDetail } from '@nomsan/contracts/catalog';
import { href } from '~/lib/links';
import type { TitleInfo } from './engine';

/** What the player shows of a book: its name, authors, cover and page. */
export const bookInfo = (book: BookDetail): TitleInfo => ({
  name: book.title,
  author: book.authors.map((a) => a.name).join(', '),
  cover: book.cover.lg || null,
  webLink: book.type === 'english_book' ? href.englishBook(book.slug) : href.book(book.slug),
});

/** What the player shows of a summary. */
export const summaryInfo = (summary: SummaryDetail): TitleInfo => ({
  name: summary.title,
  author: summary.authors.map((a) => a.name).join(', '),
  cover: summary.cover.lg || null,
  webLink: href.summary(summary.slug),
});

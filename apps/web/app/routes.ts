import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** The URL map of the spec; each issue adds its routes here. */
export default [
  index('routes/home.tsx'),
  route('for-you', 'routes/for-you.tsx'),
  route('book', 'routes/book.tsx'),
  route('audio', 'routes/audio.tsx'),
  route('summaries', 'routes/summaries.tsx'),
  route('summary/:slug', 'routes/summary-detail.tsx'),
  route('english-book', 'routes/english-book.tsx'),
  route('english-book/:slug', 'routes/book-detail.tsx', { id: 'english-book-detail' }),
  route('category/:slug', 'routes/category.tsx'),
  route('authors/:slug', 'routes/contributor.tsx', { id: 'author' }),
  route('narrators/:slug', 'routes/contributor.tsx', { id: 'narrator' }),
  route('publishers/:slug', 'routes/contributor.tsx', { id: 'publisher' }),
  route('bundle/:slug', 'routes/bundle-detail.tsx', { id: 'bundle' }),
  route('bundleSummary/:slug', 'routes/bundle-detail.tsx', { id: 'bundle-summary' }),
  route('podcast', 'routes/podcast.tsx'),
  route('app-download', 'routes/app-download.tsx'),
  route('about', 'routes/about.tsx'),
  route('help', 'routes/help.tsx'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts', { id: 'sitemap' }),
  route('sitemap/:part', 'routes/sitemap.ts', { id: 'sitemap-part' }),
  route(':slug', 'routes/book-detail.tsx', { id: 'book-detail' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

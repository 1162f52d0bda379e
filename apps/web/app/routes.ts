import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** The URL map of the spec; each issue adds its routes here. */
export default [
  index('routes/home.tsx'),
  route('for-you', 'routes/for-you.tsx'),
  route('book', 'routes/book.tsx'),
  route('audio', 'routes/audio.tsx'),
  route('summaries', 'routes/summaries.tsx'),
  route('english-book', 'routes/english-book.tsx'),
  route('podcast', 'routes/podcast.tsx'),
  route('app-download', 'routes/app-download.tsx'),
  route('about', 'routes/about.tsx'),
  route('help', 'routes/help.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

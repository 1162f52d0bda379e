/**
 * The demo catalogue as plain data: what the generator produces and the seeder writes.
 * Ids are assigned by the generator (1..n per entity) so the same seed gives the same rows
 * on PGlite and PostgreSQL alike.
 */

export type ContributorRole = 'author' | 'narrator' | 'translator';
export type BookKind = 'book' | 'english_book';
export type SubscriptionScope = 'audio' | 'ebook' | 'summary' | 'credit';
export type OfferItemType = 'book' | 'summary' | 'bundle';
export type OfferFormat = 'audiobook' | 'ebook' | 'summary' | 'bundle';

export interface DemoPublisher {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** key of a generated square logo image, e.g. 'publisher-3' */
  logoKey: string;
}

export interface DemoContributor {
  id: number;
  slug: string;
  name: string;
  bio: string;
  /** key of a generated square portrait/avatar image, e.g. 'person-12' */
  photoKey: string;
}

export interface DemoCategory {
  id: number;
  slug: string;
  title: string;
  position: number;
}

export interface DemoTag {
  id: number;
  slug: string;
  name: string;
}

export interface DemoSeries {
  id: number;
  slug: string;
  name: string;
}

export interface DemoChapter {
  position: number;
  title: string;
  startSeconds: number;
  durationSeconds: number;
}

export interface DemoAudioEdition {
  durationSeconds: number;
  /** the recording among the store's sources, e.g. 'narration-1.m4a' (taken in from the fixture 'narration-1.mp3') */
  audioFile: string;
  /** free preview length in seconds */
  sampleSeconds: number;
  chapters: DemoChapter[];
}

export interface DemoEbookEdition {
  pages: number;
  /** fixture file name under packages/demo/fixtures/epub, e.g. 'book-1.epub' */
  epubFile: string;
}

export interface DemoBook {
  id: number;
  slug: string;
  kind: BookKind;
  /** 'mn' for Mongolian books, 'en' for English books */
  language: 'mn' | 'en';
  title: string;
  subtitle: string | null;
  description: string;
  shortDescription: string;
  publisherId: number;
  seriesId: number | null;
  seriesPosition: number | null;
  publishedYear: number;
  /** CEFR level for English books (A1..C1), null otherwise */
  englishLevel: string | null;
  /** key of the generated cover image set, e.g. 'book-17' (several books may share one in big catalogues) */
  coverKey: string;
  /** dominant cover colour, '#rrggbb', used as placeholder while the image loads */
  coverColor: string;
  popularity: number;
  /** place in the home page's hero showcase (1..n), null for most books */
  showcasePosition: number | null;
  ratingAvg: number;
  ratingCount: number;
  likesCount: number;
  /** ISO timestamp */
  publishedAt: string;
  contributors: { contributorId: number; role: ContributorRole; position: number }[];
  categoryIds: number[];
  tagIds: number[];
  audio: DemoAudioEdition | null;
  ebook: DemoEbookEdition | null;
}

export interface DemoSummary {
  id: number;
  slug: string;
  /** the summarised book when it is in the catalogue */
  bookId: number | null;
  title: string;
  description: string;
  /** the summary text: key ideas as paragraphs, Mongolian */
  body: string[];
  readingMinutes: number;
  audioDurationSeconds: number;
  audioFile: string;
  coverKey: string;
  coverColor: string;
  popularity: number;
  publishedAt: string;
  contributors: { contributorId: number; role: ContributorRole; position: number }[];
  categoryIds: number[];
}

export interface DemoPodcastSeries {
  id: number;
  slug: string;
  name: string;
  description: string;
  author: string;
  categoryId: number;
  coverKey: string;
  coverColor: string;
}

export interface DemoPodcastEpisode {
  id: number;
  seriesId: number;
  slug: string;
  number: number;
  title: string;
  description: string;
  durationSeconds: number;
  audioFile: string;
  publishedAt: string;
}

export interface DemoBundle {
  id: number;
  slug: string;
  /** 'book' bundles hold books, 'summary' bundles hold summaries */
  kind: 'book' | 'summary';
  title: string;
  description: string;
  coverKey: string;
  coverColor: string;
  itemIds: number[];
}

export interface DemoOffer {
  itemType: OfferItemType;
  itemId: number;
  format: OfferFormat;
  priceMnt: number;
  /** list price before a discount, null when not discounted */
  originalPriceMnt: number | null;
  creditPrice: number | null;
  rentalPriceMnt: number | null;
  rentalDays: number | null;
  subscriptionScopes: SubscriptionScope[];
}

export interface DemoPlan {
  id: number;
  code: string;
  name: string;
  description: string;
  scope: SubscriptionScope;
  periodMonths: number;
  priceMnt: number;
  originalPriceMnt: number | null;
  creditsPerPeriod: number;
  position: number;
}

export interface DemoCreditPack {
  id: number;
  code: string;
  name: string;
  credits: number;
  bonusCredits: number;
  priceMnt: number;
  position: number;
}

/** A cover image to render: the seeder writes it to media storage in several WebP sizes. */
export interface DemoCoverDesign {
  key: string;
  /** 'book' covers are 2:3, 'square' covers 1:1 */
  shape: 'book' | 'square';
  /** an SVG document of the cover at its base size (book 400x600, square 400x400) */
  svg: string;
}

export interface DemoReviewReply {
  id: number;
  reviewId: number;
  authorName: string;
  /** a reply from the Nomsan team */
  isStaff: boolean;
  body: string;
  createdAt: string;
}

export interface DemoReview {
  id: number;
  reviewableType: 'book' | 'summary';
  reviewableId: number;
  authorName: string;
  rating: 1 | 2 | 3 | 4 | 5;
  body: string;
  createdAt: string;
}

export interface DemoTopic {
  id: number;
  slug: string;
  title: string;
  description: string;
  position: number;
  items: { itemType: 'book' | 'summary' | 'podcast'; itemId: number }[];
}

/** an earlier slug of a renamed entity; its links answer 301 to the current one */
export interface DemoSlugHistory {
  entityType: 'book' | 'summary' | 'contributor' | 'publisher' | 'category' | 'bundle' | 'podcast';
  slug: string;
  entityId: number;
}

export interface DemoCatalogue {
  seed: number;
  publishers: DemoPublisher[];
  contributors: DemoContributor[];
  categories: DemoCategory[];
  tags: DemoTag[];
  series: DemoSeries[];
  books: DemoBook[];
  summaries: DemoSummary[];
  podcastSeries: DemoPodcastSeries[];
  podcastEpisodes: DemoPodcastEpisode[];
  bundles: DemoBundle[];
  offers: DemoOffer[];
  plans: DemoPlan[];
  creditPacks: DemoCreditPack[];
  reviews: DemoReview[];
  reviewReplies: DemoReviewReply[];
  topics: DemoTopic[];
  slugHistory: DemoSlugHistory[];
}

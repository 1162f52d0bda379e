/**
 * Generates the demo catalogue: plain data the seeder writes to the database.
 *
 * Everything comes from one seeded PRNG per section, so the same options always give the same
 * catalogue, and adding, say, a podcast does not reshuffle every book. The work is linear in
 * the number of titles: 100 000 books are generated in a few seconds.
 */

import { slugify, uniqueSlug } from '@nomsan/contracts/slug';
import {
  bookBundleTitle,
  bookDescription,
  bookSubtitle,
  bookTitle,
  bundleDescription,
  CATEGORY_TEXTS,
  CEFR_LEVELS,
  chapterTitle,
  CLASSIC_AUTHOR_COUNTRIES,
  englishDescription,
  englishNarratorBio,
  englishSubtitle,
  englishTitle,
  episodeDescription,
  episodeTitle,
  FIXED_BOOKS,
  FORMER_NAMES,
  foreignAuthorBio,
  foreignNamePool,
  GENRE_TAGS,
  GENRE_WEIGHTS,
  ideaTheme,
  mongolianAuthorBio,
  mongolianNamePool,
  NARRATIVE_GENRES,
  narratorBio,
  PODCASTS,
  PUBLISHER_NAMES,
  publisherDescription,
  RELATED_GENRES,
  seriesAt,
  summaryBody,
  summaryBundleTitle,
  summaryDescription,
  TAG_NAMES,
  TOPIC_TEXTS,
  translatorBio,
  type FixedBook,
  type ForeignName,
  type Genre,
  type Noun,
} from './catalogue-text';
import { coverArt, coverColorFor } from './cover-art';
import type {
  ContributorRole,
  DemoAudioEdition,
  DemoBook,
  DemoBundle,
  DemoCatalogue,
  DemoCategory,
  DemoChapter,
  DemoContributor,
  DemoCoverDesign,
  DemoCreditPack,
  DemoEbookEdition,
  DemoOffer,
  DemoPlan,
  DemoPodcastEpisode,
  DemoPodcastSeries,
  DemoPublisher,
  DemoReview,
  DemoReviewReply,
  DemoSeries,
  DemoSlugHistory,
  DemoSummary,
  DemoTag,
  DemoTopic,
  SubscriptionScope,
} from './model';
import { createRng, hashString, type Rng } from './random';
import { readerReply, reviewBody, reviewerName, STAFF_NAME, staffReply, type ReviewSubject } from './review-text';

export interface GenerateOptions {
  seed?: number;
  /** number of books, English books included */
  titles?: number;
}

export const DEFAULT_SEED = 20181;
export const DEFAULT_TITLES = 300;

/** Covers are shared beyond these counts so a 100 000-title catalogue renders like a small one. */
const MAX_BOOK_COVERS = 600;
const MAX_SUMMARY_COVERS = 200;
const MAX_BUNDLE_COVERS = 100;
const MAX_PERSON_PHOTOS = 300;

const CATALOGUE_START = Date.UTC(2018, 0, 1);
/** The demo's "today": every date in the catalogue lies before it. */
const CATALOGUE_END = Date.UTC(2025, 10, 1);
const DAY_MS = 86_400_000;
const NEW_BOOK_FROM = Date.UTC(2025, 0, 1);

/** the recordings the demo delivers, as a publisher would (packages/demo/fixtures/audio) */
export const AUDIO_FIXTURES = ['narration-1.mp3', 'narration-2.mp3', 'narration-3.mp3'] as const;
export const SUMMARY_AUDIO_FIXTURE = 'summary-1.mp3';
/** podcast episodes are not taken in: their enclosures are served as they are (media/audio) */
export const PODCAST_AUDIO_FIXTURES = ['podcast-1.mp3', 'podcast-2.mp3'] as const;
/**
 * The name a delivered recording is kept under among the store's sources once taken in
 * (joined and normalised to AAC by the media intake: apps/server demo-media.ts): what the
 * catalogue's rows name.
 */
export const sourceNameOfFixture = (fixture: string) => fixture.replace(/\.mp3$/, '.m4a');
/**
 * The real length of each audio fixture, rounded to the second (ffmpeg reads 45.74, 34.43,
 * 51.67, 30.28, 27.19 and 26.83 s). Every title that plays a fixture states its length, so
 * the store never promises "1 цаг 15 мин" of a 27-second file; the media module reads the
 * packaged length from the manifest and the tests compare the two.
 */
export const FIXTURE_AUDIO_SECONDS: Readonly<Record<string, number>> = {
  'narration-1.mp3': 46,
  'narration-2.mp3': 34,
  'narration-3.mp3': 52,
  'summary-1.mp3': 30,
  'podcast-1.mp3': 27,
  'podcast-2.mp3': 27,
};
/** `value`, where a nominal figure used to be drawn: the draw is kept so later draws stay the same */
const instead = (_drawn: number, value: number): number => value;
const fixtureSeconds = (file: string): number => {
  const seconds = FIXTURE_AUDIO_SECONDS[file];
  if (seconds === undefined) throw new Error(`no length for audio fixture ${file}`);
  return seconds;
};
/** book-1 is a novel, book-2 nonfiction, book-3 a children's book: each book gets the closest. */
export const EPUB_FIXTURES = ['book-1.epub', 'book-2.epub', 'book-3.epub'] as const;

interface Sizes {
  authors: number;
  narrators: number;
  translators: number;
  series: number;
  summaries: number;
  podcasts: number;
  bundles: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Side tables grow with the catalogue, but slower: a big store has more books per author. */
function sizesFor(titles: number): Sizes {
  return {
    authors: clamp(Math.round(titles / 6), 48, 1100),
    narrators: clamp(Math.round(titles / 20), 18, 250),
    translators: clamp(Math.round(titles / 50), 6, 120),
    series: clamp(Math.round(titles / 30), 10, 600),
    summaries: clamp(Math.round(titles / 20), 48, 10_000),
    podcasts: titles >= 1000 ? PODCASTS.length : 10,
    bundles: clamp(Math.round(titles / 25), 12, 4000),
  };
}

/** Each section draws from its own stream, so sections do not disturb each other. */
function sectionRng(seed: number, section: string): Rng {
  return createRng((seed ^ hashString(section)) >>> 0);
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}

/** A moment between the two bounds, on a whole minute. */
function randomMoment(rng: Rng, from: number, to: number): number {
  const minutes = Math.floor((to - from) / 60_000);
  return from + rng.int(0, minutes - 1) * 60_000;
}

/** Shop prices end in 900 ('14 900'), as Mongolian stores price them. */
function roundPrice(value: number): number {
  return Math.max(1900, Math.round(value / 1000) * 1000 - 100);
}

function sharedKey(prefix: string, id: number, max: number): string {
  return `${prefix}-${((id - 1) % max) + 1}`;
}

// ---------------------------------------------------------------------------------------------
// Side tables

function makeCategories(): DemoCategory[] {
  const taken = new Set<string>();
  return CATEGORY_TEXTS.map((text, index) => ({
    id: index + 1,
    slug: uniqueSlug(slugify(text.title), taken),
    title: text.title,
    position: index + 1,
  }));
}

function makeTags(): DemoTag[] {
  const taken = new Set<string>();
  return TAG_NAMES.map((name, index) => ({ id: index + 1, slug: uniqueSlug(slugify(name), taken), name }));
}

function makePublishers(rng: Rng): DemoPublisher[] {
  const taken = new Set<string>();
  return PUBLISHER_NAMES.map((name, index) => ({
    id: index + 1,
    slug: uniqueSlug(slugify(name), taken),
    name,
    description: publisherDescription(rng),
    logoKey: `publisher-${index + 1}`,
  }));
}

interface People {
  contributors: DemoContributor[];
  /** Mongolian authors by the genre they write in */
  authorsByGenre: Map<Genre, number[]>;
  mongolianAuthors: number[];
  foreignAuthors: number[];
  narrators: number[];
  englishNarrators: number[];
  translators: number[];
  /** ids of the classic authors by name */
  classicAuthors: Map<string, number>;
  /** names left over for podcast hosts and guests */
  spareNames: string[];
}

function makePeople(rng: Rng, sizes: Sizes, genres: readonly Genre[]): People {
  const mongolianNames = mongolianNamePool(rng);
  const foreignNames = foreignNamePool(rng);
  const contributors: DemoContributor[] = [];
  const taken = new Set<string>();
  const add = (name: string, bio: string): number => {
    const id = contributors.length + 1;
    contributors.push({
      id,
      slug: uniqueSlug(slugify(name), taken),
      name,
      bio,
      photoKey: sharedKey('person', id, MAX_PERSON_PHOTOS),
    });
    return id;
  };

  const foreignAuthorCount = Math.round(sizes.authors * 0.25);
  const englishNarratorCount = Math.max(4, Math.round(sizes.narrators * 0.2));
  let nextMongolian = 0;
  let nextForeign = 0;
  const takeMongolian = (): string => mongolianNames[nextMongolian++ % mongolianNames.length] as string;
  // The pools hold far more names than the largest catalogue needs; the modulo only guards.
  const takeForeign = (): ForeignName => foreignNames[nextForeign++ % foreignNames.length] as ForeignName;

  const authorsByGenre = new Map<Genre, number[]>();
  const mongolianAuthors: number[] = [];
  for (let i = 0; i < sizes.authors - foreignAuthorCount; i += 1) {
    const id = add(takeMongolian(), mongolianAuthorBio(rng));
    mongolianAuthors.push(id);
    // Round-robin so every genre has its own writers.
    const genre = genres[i % genres.length] as Genre;
    const list = authorsByGenre.get(genre);
    if (list) list.push(id);
    else authorsByGenre.set(genre, [id]);
  }
  const foreignAuthors: number[] = [];
  for (let i = 0; i < foreignAuthorCount; i += 1) {
    const person = takeForeign();
    foreignAuthors.push(add(person.name, foreignAuthorBio(rng, person.countryGenitive)));
  }
  const classicAuthors = new Map<string, number>();
  for (const fixed of FIXED_BOOKS) {
    if (!fixed.author || classicAuthors.has(fixed.author)) continue;
    const country = CLASSIC_AUTHOR_COUNTRIES[fixed.author];
    const bio = country
      ? `${country} сонгодог зохиолч. Бүтээлүүд нь дэлхийн уран зохиолын алтан санд багтдаг.`
      : 'Монголын орчин үеийн уран зохиолыг үндэслэгчдийн нэг. Шүлэг, жүжиг, өгүүллэгүүд нь өнөөг хүртэл олны хайрыг татсаар байна.';
    classicAuthors.set(fixed.author, add(fixed.author, bio));
  }
  const narrators: number[] = [];
  for (let i = 0; i < sizes.narrators - englishNarratorCount; i += 1) {
    narrators.push(add(takeMongolian(), narratorBio(rng)));
  }
  const englishNarrators: number[] = [];
  for (let i = 0; i < englishNarratorCount; i += 1) {
    const person = takeForeign();
    englishNarrators.push(add(person.name, englishNarratorBio(rng, person.countryGenitive)));
  }
  const translators: number[] = [];
  for (let i = 0; i < sizes.translators; i += 1) translators.push(add(takeMongolian(), translatorBio(rng)));

  return {
    contributors,
    authorsByGenre,
    mongolianAuthors,
    foreignAuthors,
    narrators,
    englishNarrators,
    translators,
    classicAuthors,
    spareNames: mongolianNames.slice(nextMongolian),
  };
}

// ---------------------------------------------------------------------------------------------
// Books

/** What the generator knows about a book beyond the exported row. */
interface BookFacts {
  genre: Genre;
  topic: Noun | null;
  /** price of the most expensive format, for bundle list prices */
  listPrice: number;
}

interface BookContext {
  rng: Rng;
  people: People;
  categoryIdByGenre: Map<Genre, number>;
  tagIdByName: Map<string, number>;
  publisherCount: number;
  titlesSeen: Set<string>;
  slugs: Set<string>;
  offers: DemoOffer[];
}

type EditionMix = 'both' | 'audio' | 'ebook';

function pickEditionMix(rng: Rng): EditionMix {
  return rng.weighted<EditionMix>([
    ['both', 45],
    ['audio', 35],
    ['ebook', 20],
  ]);
}

/** Nominal listening time by kind of book, in seconds. */
function audioLength(rng: Rng, genre: Genre): number {
  if (genre === 'children') return rng.int(15, 90) * 60;
  if (genre === 'english') return rng.int(30, 240) * 60;
  if (genre === 'poetry') return rng.int(40, 150) * 60;
  if (NARRATIVE_GENRES.has(genre)) return rng.int(240, 900) * 60;
  return rng.int(180, 600) * 60;
}

/**
 * Chapter titles repeat across books ('Гуравдугаар бүлэг'); sharing one string per title
 * saves tens of megabytes in a 100 000-title catalogue.
 */
const chapterTitleCache = new Map<string, string>();

function sharedChapterTitle(position: number, count: number, narrative: boolean): string {
  const key = `${position}/${count}/${narrative}`;
  let title = chapterTitleCache.get(key);
  if (title === undefined) {
    title = chapterTitle(position, count, narrative);
    chapterTitleCache.set(key, title);
  }
  return title;
}

/** Splits the length into chapters of uneven size whose durations add up exactly. */
function makeChapters(rng: Rng, totalSeconds: number, narrative: boolean): DemoChapter[] {
  const drawn = rng.int(3, 12);
  const allWeights = Array.from({ length: drawn }, () => 0.6 + rng.next());
  // every draw is made whatever the length (the rest of the catalogue stays the same), but a
  // short recording gets no chapter under about ten seconds
  const count = Math.max(1, Math.min(drawn, Math.floor(totalSeconds / 10)));
  const weights = allWeights.slice(0, count);
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  const chapters: DemoChapter[] = [];
  let start = 0;
  for (let i = 0; i < count; i += 1) {
    const isLast = i === count - 1;
    const duration = isLast ? totalSeconds - start : Math.floor((totalSeconds * (weights[i] as number)) / weightSum);
    chapters.push({
      position: i + 1,
      title: sharedChapterTitle(i + 1, count, narrative),
      startSeconds: start,
      durationSeconds: duration,
    });
    start += duration;
  }
  return chapters;
}

function makeAudio(rng: Rng, id: number, genre: Genre): DemoAudioEdition {
  audioLength(rng, genre); // the nominal length is drawn still, so every later draw stays the same
  const fixture = AUDIO_FIXTURES[id % AUDIO_FIXTURES.length] as string;
  const durationSeconds = fixtureSeconds(fixture);
  return {
    durationSeconds,
    audioFile: sourceNameOfFixture(fixture),
    // the free preview: a quarter of the recording (a real book's would be its first minutes)
    sampleSeconds: Math.max(10, Math.floor(durationSeconds / 4)),
    chapters: makeChapters(rng, durationSeconds, NARRATIVE_GENRES.has(genre) || genre === 'english'),
  };
}

function epubFor(genre: Genre): string {
  if (genre === 'children') return EPUB_FIXTURES[2];
  if (NARRATIVE_GENRES.has(genre) || genre === 'english') return EPUB_FIXTURES[0];
  return EPUB_FIXTURES[1];
}

function pageCount(rng: Rng, genre: Genre): number {
  if (genre === 'children') return rng.int(16, 48);
  if (genre === 'english') return rng.int(40, 180);
  if (genre === 'poetry') return rng.int(60, 160);
  return rng.int(140, 620);
}

function makeEbook(rng: Rng, genre: Genre): DemoEbookEdition {
  return { pages: pageCount(rng, genre), epubFile: epubFor(genre) };
}

/**
 * Popularity is heavy-tailed: a few hits, many quiet titles. The rating is filled in later from
 * the generated reviews; its two draws stay so the rest of the stream (and every book after
 * this one) is unchanged.
 */
function popularityStats(rng: Rng, boost: number) {
  const popularity = Math.round(10 + 9990 * Math.pow(rng.next(), 3) * boost);
  if (Math.round(popularity * (0.01 + rng.next() * 0.09)) > 0) rng.next();
  const likesCount = Math.round(popularity * (0.05 + rng.next() * 0.3));
  return { popularity, ratingCount: 0, ratingAvg: 0, likesCount };
}

function pickGenre(rng: Rng, index: number, fixed: FixedBook | undefined): Genre {
  if (fixed) return fixed.genre;
  // Every eighth book is an English book: 12 % of any catalogue, 37 of the default 300.
  if (index % 8 === 5) return 'english';
  return rng.weighted(GENRE_WEIGHTS);
}

/** Avoids repeating a title while the word lists still have fresh combinations to offer. */
function freshTitle(seen: Set<string>, make: () => { title: string; topic: Noun | null }) {
  let idea = make();
  for (let attempt = 0; attempt < 6 && seen.has(idea.title); attempt += 1) idea = make();
  seen.add(idea.title);
  return idea;
}

interface Authorship {
  contributors: DemoBook['contributors'];
  translated: boolean;
  mongolianAuthor: boolean;
}

function makeAuthorship(ctx: BookContext, genre: Genre, fixed: FixedBook | undefined, hasAudio: boolean): Authorship {
  const { rng, people } = ctx;
  const list: DemoBook['contributors'] = [];
  const add = (contributorId: number, role: ContributorRole) => {
    const position = list.filter((c) => c.role === role).length + 1;
    list.push({ contributorId, role, position });
  };
  const classicId = fixed?.author ? people.classicAuthors.get(fixed.author) : undefined;
  const english = genre === 'english';
  const foreign =
    english || (fixed ? fixed.translated : !['children', 'poetry', 'history'].includes(genre) && rng.chance(0.25));
  if (classicId !== undefined) {
    add(classicId, 'author');
  } else if (foreign) {
    add(rng.pick(people.foreignAuthors), 'author');
  } else {
    const own = people.authorsByGenre.get(genre) ?? people.mongolianAuthors;
    add(rng.pick(own), 'author');
    if (rng.chance(0.1)) add(rng.pick(people.mongolianAuthors.filter((id) => id !== list[0]?.contributorId)), 'author');
  }
  const translated = foreign && !english;
  if (translated) add(rng.pick(people.translators), 'translator');
  if (hasAudio) {
    add(rng.pick(english ? people.englishNarrators : people.narrators), 'narrator');
    if (!english && NARRATIVE_GENRES.has(genre) && rng.chance(0.12)) add(rng.pick(people.narrators), 'narrator');
  }
  const contributors = list.filter(
    (c, i) => list.findIndex((o) => o.contributorId === c.contributorId && o.role === c.role) === i,
  );
  return { contributors, translated, mongolianAuthor: !foreign };
}

function makeTagIds(
  ctx: BookContext,
  genre: Genre,
  facts: { translated: boolean; mongolianAuthor: boolean; classic: boolean; isNew: boolean; popularity: number },
): number[] {
  const names = new Set(ctx.rng.sample(GENRE_TAGS[genre], ctx.rng.int(1, 2)));
  if (facts.isNew) names.add('Шинэ ном');
  if (facts.translated) names.add('Орчуулгын ном');
  if (facts.mongolianAuthor && genre !== 'english') names.add('Монгол зохиолч');
  if (facts.classic) names.add('Сонгодог зохиол');
  if (facts.popularity > 4000) names.add('Бестселлер');
  return [...names].slice(0, 5).map((name) => ctx.tagIdByName.get(name) as number);
}

function makeCategoryIds(ctx: BookContext, genre: Genre): number[] {
  const ids = [ctx.categoryIdByGenre.get(genre) as number];
  const related = genre === 'english' ? (['fiction', 'adventure'] as const) : RELATED_GENRES[genre];
  if (related && ctx.rng.chance(genre === 'english' ? 0.5 : 0.35)) {
    ids.push(ctx.categoryIdByGenre.get(ctx.rng.pick(related)) as number);
  }
  return ids;
}

function makeBook(ctx: BookContext, index: number): { book: DemoBook; facts: BookFacts } {
  const { rng } = ctx;
  const id = index + 1;
  const fixed = FIXED_BOOKS[index];
  const genre = pickGenre(rng, index, fixed);
  const english = genre === 'english';
  const idea = fixed
    ? { title: fixed.title, topic: fixed.topic ?? null }
    : freshTitle(ctx.titlesSeen, () => (english ? { title: englishTitle(rng), topic: null } : bookTitle(rng, genre)));
  const mix = pickEditionMix(rng);
  const hasAudio = mix !== 'ebook';
  const authorship = makeAuthorship(ctx, genre, fixed, hasAudio);
  const englishLevel = english ? rng.pick(CEFR_LEVELS) : null;
  const sentences = fixed
    ? [...fixed.description]
    : english
      ? englishDescription(rng, englishLevel ?? 'B1', hasAudio)
      : bookDescription(rng, { genre, topic: idea.topic, translated: authorship.translated });
  const publishedMs = randomMoment(rng, CATALOGUE_START, CATALOGUE_END);
  const publishedYear =
    fixed?.classicYear ??
    new Date(publishedMs).getUTCFullYear() - (authorship.translated ? rng.int(0, 20) : rng.int(0, 1));
  // The fixed titles lead the shop's best-seller lists, as the well-known books would.
  const stats = popularityStats(rng, fixed ? 1 : 0.8);
  if (fixed) stats.popularity = Math.max(stats.popularity, 6000 + rng.int(0, 3000));
  const coverKey = sharedKey('book', id, MAX_BOOK_COVERS);
  const audio = hasAudio ? makeAudio(rng, id, genre) : null;
  const ebook = mix !== 'audio' ? makeEbook(rng, genre) : null;
  const book: DemoBook = {
    id,
    slug: uniqueSlug(slugify(idea.title), ctx.slugs),
    kind: english ? 'english_book' : 'book',
    language: english ? 'en' : 'mn',
    title: idea.title,
    subtitle: fixed ? fixed.subtitle : english ? englishSubtitle(englishLevel ?? 'B1') : bookSubtitle(rng, genre),
    description: sentences.join(' '),
    shortDescription: sentences[0] as string,
    publisherId: rng.int(1, ctx.publisherCount),
    seriesId: null,
    seriesPosition: null,
    publishedYear,
    englishLevel,
    coverKey,
    coverColor: coverColorFor(coverKey),
    popularity: stats.popularity,
    showcasePosition: null,
    ratingAvg: stats.ratingAvg,
    ratingCount: stats.ratingCount,
    likesCount: stats.likesCount,
    publishedAt: isoDate(publishedMs),
    contributors: authorship.contributors,
    categoryIds: makeCategoryIds(ctx, genre),
    tagIds: makeTagIds(ctx, genre, {
      translated: authorship.translated,
      mongolianAuthor: authorship.mongolianAuthor,
      classic: Boolean(fixed?.classicYear),
      isNew: publishedMs >= NEW_BOOK_FROM,
      popularity: stats.popularity,
    }),
    audio,
    ebook,
  };
  const listPrice = addBookOffers(ctx, book, genre);
  return { book, facts: { genre, topic: idea.topic, listPrice } };
}

// ---------------------------------------------------------------------------------------------
// Offers

const AUDIOBOOK_PRICES = [14900, 17900, 19900, 24900, 29900];
const EBOOK_PRICES = [7900, 9900, 12900, 14900, 19900];
const CHILDREN_PRICES = [4900, 6900, 8900, 9900];
const ENGLISH_PRICES = [9900, 12900, 14900];
const SUMMARY_PRICES = [2900, 3900, 4900];
const RENTAL_SHARE: Readonly<Record<number, number>> = { 7: 0.3, 14: 0.4, 30: 0.5 };

type ScopePolicy = 'normal' | 'credit-only' | 'purchase-only';

function creditPriceFor(price: number): number {
  if (price <= 12900) return 1;
  if (price <= 24900) return 2;
  return 3;
}

function makeOffer(
  rng: Rng,
  base: Pick<DemoOffer, 'itemType' | 'itemId' | 'format'>,
  listPrice: number,
  scopes: SubscriptionScope[],
  canRent: boolean,
): DemoOffer {
  const discounted = rng.chance(0.18);
  const priceMnt = discounted
    ? Math.min(listPrice - 1000, roundPrice(listPrice * (0.6 + rng.next() * 0.2)))
    : listPrice;
  const rentalDays = canRent && rng.chance(0.25) ? rng.pick([7, 14, 30]) : null;
  const rentalPriceMnt = rentalDays
    ? Math.min(priceMnt - 1000, roundPrice(listPrice * (RENTAL_SHARE[rentalDays] ?? 0.4)))
    : null;
  return {
    ...base,
    priceMnt,
    originalPriceMnt: discounted ? listPrice : null,
    creditPrice: scopes.includes('credit') ? creditPriceFor(listPrice) : null,
    rentalPriceMnt,
    rentalDays,
    subscriptionScopes: scopes,
  };
}

function formatScopes(
  rng: Rng,
  policy: ScopePolicy,
  own: SubscriptionScope,
  creditChance: number,
): SubscriptionScope[] {
  if (policy === 'credit-only') return ['credit'];
  if (policy === 'purchase-only') return [];
  return rng.chance(creditChance) ? [own, 'credit'] : [own];
}

/** One offer per format the book has; returns the highest list price, for bundles. */
function addBookOffers(ctx: BookContext, book: DemoBook, genre: Genre): number {
  const { rng } = ctx;
  const policy = rng.weighted<ScopePolicy>([
    ['normal', 82],
    ['credit-only', 10],
    ['purchase-only', 8],
  ]);
  const pricesFor = (format: 'audiobook' | 'ebook'): number[] => {
    if (genre === 'children') return CHILDREN_PRICES;
    if (genre === 'english') return ENGLISH_PRICES;
    return format === 'audiobook' ? AUDIOBOOK_PRICES : EBOOK_PRICES;
  };
  let listPrice = 0;
  if (book.audio) {
    const price = rng.pick(pricesFor('audiobook'));
    listPrice = Math.max(listPrice, price);
    const scopes = formatScopes(rng, policy, 'audio', 0.3);
    ctx.offers.push(makeOffer(rng, { itemType: 'book', itemId: book.id, format: 'audiobook' }, price, scopes, true));
  }
  if (book.ebook) {
    const price = rng.pick(pricesFor('ebook'));
    listPrice = Math.max(listPrice, price);
    const scopes = formatScopes(rng, policy, 'ebook', 0.2);
    ctx.offers.push(makeOffer(rng, { itemType: 'book', itemId: book.id, format: 'ebook' }, price, scopes, true));
  }
  return listPrice;
}

// ---------------------------------------------------------------------------------------------
// Series

/** Groups books of the series' genre under one name and one lead author. */
function assignSeries(rng: Rng, count: number, books: DemoBook[], facts: BookFacts[]): DemoSeries[] {
  // Fixed titles stay stand-alone: they are the well-known books people search for.
  const byGenre = new Map<Genre, number[]>();
  for (let index = FIXED_BOOKS.length; index < books.length; index += 1) {
    const genre = (facts[index] as BookFacts).genre;
    const list = byGenre.get(genre);
    if (list) list.push(index);
    else byGenre.set(genre, [index]);
  }
  const taken = new Set<string>();
  const series: DemoSeries[] = [];
  for (let i = 0; i < count; i += 1) {
    const { name, genre } = seriesAt(i);
    const pool = byGenre.get(genre) ?? [];
    const size = rng.int(3, 6);
    if (pool.length < size) continue;
    const id = series.length + 1;
    series.push({ id, slug: uniqueSlug(slugify(name), taken), name });
    const members = pool.splice(0, size);
    const lead = (books[members[0] as number] as DemoBook).contributors.find((c) => c.role === 'author');
    members.forEach((bookIndex, position) => {
      const book = books[bookIndex] as DemoBook;
      book.seriesId = id;
      book.seriesPosition = position + 1;
      if (lead) {
        book.contributors = book.contributors.map((c) =>
          c.role === 'author' && c.position === 1 ? { ...c, contributorId: lead.contributorId } : c,
        );
      }
    });
  }
  return series;
}

// ---------------------------------------------------------------------------------------------
// Summaries

const SUMMARY_GENRES: readonly Genre[] = [
  'business',
  'psychology',
  'selfhelp',
  'science',
  'health',
  'finance',
  'history',
  'philosophy',
  'family',
  'biography',
];

function makeSummaries(
  rng: Rng,
  count: number,
  books: DemoBook[],
  facts: BookFacts[],
  people: People,
  categoryIdByGenre: Map<Genre, number>,
  offers: DemoOffer[],
): DemoSummary[] {
  const candidates = books.filter(
    (book, index) => book.kind === 'book' && SUMMARY_GENRES.includes((facts[index] as BookFacts).genre),
  );
  // A fifth summarise books the store does not sell, as real summary services do.
  const linked = rng.sample(candidates, Math.round(count * 0.8));
  const slugs = new Set<string>();
  const summaries: DemoSummary[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = i + 1;
    const book = linked[i];
    let genre: Genre;
    let title: string;
    let contributors: DemoSummary['contributors'];
    let categoryIds: number[];
    if (book) {
      genre = (facts[book.id - 1] as BookFacts).genre;
      title = book.title;
      contributors = book.contributors.filter((c) => c.role === 'author');
      categoryIds = book.categoryIds;
    } else {
      genre = rng.pick(SUMMARY_GENRES);
      title = bookTitle(rng, genre).title;
      contributors = [{ contributorId: rng.pick(people.foreignAuthors), role: 'author', position: 1 }];
      categoryIds = [categoryIdByGenre.get(genre) as number];
    }
    contributors = [...contributors, { contributorId: rng.pick(people.narrators), role: 'narrator', position: 1 }];
    const readingMinutes = rng.int(10, 25);
    const coverKey = sharedKey('summary', id, MAX_SUMMARY_COVERS);
    summaries.push({
      id,
      slug: uniqueSlug(slugify(title), slugs),
      bookId: book ? book.id : null,
      title,
      description: summaryDescription(rng, title, readingMinutes),
      body: summaryBody(rng, ideaTheme(genre)),
      readingMinutes,
      audioDurationSeconds: instead(rng.int(55, 70), fixtureSeconds(SUMMARY_AUDIO_FIXTURE)),
      audioFile: sourceNameOfFixture(SUMMARY_AUDIO_FIXTURE),
      coverKey,
      coverColor: coverColorFor(coverKey),
      popularity: popularityStats(rng, 0.6).popularity,
      publishedAt: isoDate(randomMoment(rng, Date.UTC(2019, 0, 1), CATALOGUE_END)),
      contributors,
      categoryIds,
    });
    const scopes: SubscriptionScope[] = rng.chance(0.15) ? ['summary', 'credit'] : ['summary'];
    offers.push({
      ...makeOffer(
        rng,
        { itemType: 'summary', itemId: id, format: 'summary' },
        rng.pick(SUMMARY_PRICES),
        scopes,
        false,
      ),
      creditPrice: scopes.includes('credit') ? 1 : null,
    });
  }
  return summaries;
}

// ---------------------------------------------------------------------------------------------
// Podcasts

function makePodcasts(
  rng: Rng,
  count: number,
  big: boolean,
  spareNames: string[],
  categoryIdByGenre: Map<Genre, number>,
): { podcastSeries: DemoPodcastSeries[]; podcastEpisodes: DemoPodcastEpisode[] } {
  const seriesSlugs = new Set<string>();
  const episodeSlugs = new Set<string>();
  const podcastSeries: DemoPodcastSeries[] = [];
  const podcastEpisodes: DemoPodcastEpisode[] = [];
  const names = spareNames.length > 0 ? spareNames : ['Б. Тэмүүлэн'];
  PODCASTS.slice(0, count).forEach((podcast, index) => {
    const id = index + 1;
    const hosts = rng.sample(names, rng.int(1, 2)).join(', ');
    const coverKey = `podcast-${id}`;
    podcastSeries.push({
      id,
      slug: uniqueSlug(slugify(podcast.name), seriesSlugs),
      name: podcast.name,
      description: podcast.description,
      author: hosts,
      categoryId: categoryIdByGenre.get(podcast.genre) as number,
      coverKey,
      coverColor: coverColorFor(coverKey),
    });
    const episodes = rng.int(10, 16) + (big ? 10 : 0);
    // Weekly, newest first going back from the catalogue's "today"; series a day apart.
    // Noon in Ulaanbaatar (04:00 UTC), the day before "today" for the first series.
    const newest = CATALOGUE_END - (index + 1) * DAY_MS + 4 * 3_600_000;
    for (let number = 1; number <= episodes; number += 1) {
      const publishedMs = newest - (episodes - number) * 7 * DAY_MS;
      const guest = rng.pick(names);
      const title = episodeTitle(podcast, number - 1, guest, new Date(publishedMs).getUTCMonth());
      podcastEpisodes.push({
        id: podcastEpisodes.length + 1,
        seriesId: id,
        slug: uniqueSlug(slugify(title), episodeSlugs),
        number,
        title,
        description: episodeDescription(rng, podcast, guest),
        durationSeconds: instead(
          rng.int(15, 75) * 60 + rng.int(0, 59),
          fixtureSeconds(PODCAST_AUDIO_FIXTURES[number % PODCAST_AUDIO_FIXTURES.length] as string),
        ),
        audioFile: PODCAST_AUDIO_FIXTURES[number % PODCAST_AUDIO_FIXTURES.length] as string,
        publishedAt: isoDate(publishedMs),
      });
    }
  });
  return { podcastSeries, podcastEpisodes };
}

// ---------------------------------------------------------------------------------------------
// Bundles

function makeBundles(
  rng: Rng,
  count: number,
  books: DemoBook[],
  summaries: DemoSummary[],
  bookPrices: number[],
  offers: DemoOffer[],
): DemoBundle[] {
  const booksByCategory = groupIds(books.map((b) => [b.categoryIds[0] as number, b.id]));
  const summariesByCategory = groupIds(summaries.map((s) => [s.categoryIds[0] as number, s.id]));
  const summaryPrices = new Map<number, number>();
  for (const offer of offers)
    if (offer.itemType === 'summary') summaryPrices.set(offer.itemId, offer.originalPriceMnt ?? offer.priceMnt);
  const slugs = new Set<string>();
  const bundles: DemoBundle[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = i + 1;
    const kind: DemoBundle['kind'] = i % 3 === 2 ? 'summary' : 'book';
    const groups = kind === 'book' ? booksByCategory : summariesByCategory;
    const size = rng.int(3, 6);
    const usable = [...groups.entries()].filter(([, ids]) => ids.length >= size);
    const [categoryId, ids] =
      usable.length > 0 ? rng.pick(usable) : [1, kind === 'book' ? books.map((b) => b.id) : summaries.map((s) => s.id)];
    const itemIds = rng.sample(ids, size).sort((a, b) => a - b);
    const category = CATEGORY_TEXTS[categoryId - 1] ?? (CATEGORY_TEXTS[0] as (typeof CATEGORY_TEXTS)[number]);
    const title =
      kind === 'book'
        ? bookBundleTitle(rng, category, itemIds.length)
        : summaryBundleTitle(rng, category, itemIds.length);
    const coverKey = sharedKey('bundle', id, MAX_BUNDLE_COVERS);
    bundles.push({
      id,
      slug: uniqueSlug(slugify(title), slugs),
      kind,
      title,
      description: bundleDescription(rng, kind, itemIds.length),
      coverKey,
      coverColor: coverColorFor(coverKey),
      itemIds,
    });
    const separately = itemIds.reduce(
      (sum, itemId) => sum + (kind === 'book' ? (bookPrices[itemId - 1] ?? 0) : (summaryPrices.get(itemId) ?? 0)),
      0,
    );
    const listPrice = roundPrice(separately);
    offers.push({
      itemType: 'bundle',
      itemId: id,
      format: 'bundle',
      priceMnt: Math.min(listPrice - 1000, roundPrice(separately * (0.6 + rng.next() * 0.15))),
      originalPriceMnt: listPrice,
      creditPrice: null,
      rentalPriceMnt: null,
      rentalDays: null,
      subscriptionScopes: [],
    });
  }
  return bundles;
}

function groupIds(pairs: (readonly [number, number])[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const [key, id] of pairs) {
    const list = groups.get(key);
    if (list) list.push(id);
    else groups.set(key, [id]);
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Reviews and replies

/**
 * Reviews are written for the first 3000 books and 1000 summaries by id only. A 100 000-title
 * catalogue would otherwise carry well over a million reviews, and the demo needs them only on
 * the pages people actually open; later books have no rating (ratingCount 0, ratingAvg 0).
 */
const REVIEWED_BOOKS = 3000;
const REVIEWED_SUMMARIES = 1000;
const MAX_REVIEWS = 12;
const MAX_REPLIES = 6;

type Rating = DemoReview['rating'];

/** Star counts skewed positive; `quality` (-1..1) shifts weight between five stars and the low ones. */
function pickRating(rng: Rng, quality: number): Rating {
  return rng.weighted<Rating>([
    [5, 40 + 25 * quality],
    [4, 32],
    [3, 14 - 6 * quality],
    [2, 8 - 4 * quality],
    [1, 4 - 2.5 * quality],
  ]);
}

/** Popular titles collect more reviews; about one in seven quiet titles has none. */
function reviewCount(rng: Rng, popularity: number): number {
  if (rng.chance(popularity > 3000 ? 0.03 : 0.18)) return 0;
  const share = Math.sqrt(Math.min(1, popularity / 10_000));
  return clamp(Math.round(1 + (MAX_REVIEWS - 1) * share * (0.6 + 0.5 * rng.next())), 1, MAX_REVIEWS);
}

interface ReviewTarget {
  type: DemoReview['reviewableType'];
  id: number;
  popularity: number;
  publishedMs: number;
  subject: ReviewSubject;
  /** fixed titles are the well-loved books: they are reviewed better */
  favourite: boolean;
}

interface ReviewOutput {
  reviews: DemoReview[];
  reviewReplies: DemoReviewReply[];
}

function addReplies(rng: Rng, out: ReviewOutput, review: DemoReview, fromMs: number, hasAudio: boolean): void {
  if (!rng.chance(0.3)) return;
  const count = rng.weighted<number>([
    [1, 40],
    [2, 25],
    [3, 15],
    [4, 10],
    [5, 6],
    [MAX_REPLIES, 4],
  ]);
  let previous = fromMs;
  let staffAnswered = false;
  for (let i = 0; i < count; i += 1) {
    // Replies follow within days of each other, never after the catalogue's "today".
    const from = previous + 10 * 60_000;
    const to = Math.min(previous + 30 * DAY_MS, CATALOGUE_END);
    if (to - from < 2 * 60_000) break;
    previous = randomMoment(rng, from, to);
    const staff: boolean = !staffAnswered && rng.chance(i === 0 ? (review.rating <= 3 ? 0.6 : 0.3) : 0.15);
    staffAnswered ||= staff;
    let authorName = staff ? STAFF_NAME : reviewerName(rng);
    if (authorName === review.authorName) authorName = reviewerName(rng);
    out.reviewReplies.push({
      id: out.reviewReplies.length + 1,
      reviewId: review.id,
      authorName,
      isStaff: staff,
      body: staff ? staffReply(rng, review.rating, hasAudio) : readerReply(rng, review.rating, rng.chance(0.6)),
      createdAt: isoDate(previous),
    });
  }
}

/** Writes the target's reviews, oldest first, and returns their ratings. */
function addReviews(rng: Rng, out: ReviewOutput, target: ReviewTarget): Rating[] {
  const from = target.publishedMs + DAY_MS;
  if (CATALOGUE_END - from < DAY_MS) return [];
  const count = reviewCount(rng, target.popularity);
  const quality = target.favourite ? 0.3 + 0.7 * rng.next() : -1 + 2 * rng.next();
  const moments = Array.from({ length: count }, () => randomMoment(rng, from, CATALOGUE_END)).sort((a, b) => a - b);
  const names = new Set<string>();
  const ratings: Rating[] = [];
  for (const moment of moments) {
    let authorName = reviewerName(rng);
    for (let attempt = 0; attempt < 3 && names.has(authorName); attempt += 1) authorName = reviewerName(rng);
    names.add(authorName);
    const rating = pickRating(rng, quality);
    ratings.push(rating);
    const review: DemoReview = {
      id: out.reviews.length + 1,
      reviewableType: target.type,
      reviewableId: target.id,
      authorName,
      rating,
      body: reviewBody(rng, target.subject, rating),
      createdAt: isoDate(moment),
    };
    out.reviews.push(review);
    addReplies(rng, out, review, moment, target.subject.narrator !== null);
  }
  return ratings;
}

function firstNarrator(links: DemoBook['contributors'], contributors: DemoContributor[]): string | null {
  const narrator = links.find((c) => c.role === 'narrator');
  return narrator ? (contributors[narrator.contributorId - 1]?.name ?? null) : null;
}

/** Reviews books, then summaries; sets each reviewed book's rating from its reviews. */
function makeReviews(
  rng: Rng,
  books: DemoBook[],
  facts: BookFacts[],
  summaries: DemoSummary[],
  contributors: DemoContributor[],
): ReviewOutput {
  const out: ReviewOutput = { reviews: [], reviewReplies: [] };
  const bookLimit = Math.min(books.length, REVIEWED_BOOKS);
  for (let index = 0; index < bookLimit; index += 1) {
    const book = books[index] as DemoBook;
    const ratings = addReviews(rng, out, {
      type: 'book',
      id: book.id,
      popularity: book.popularity,
      publishedMs: Date.parse(book.publishedAt),
      favourite: index < FIXED_BOOKS.length,
      subject: {
        kind: 'book',
        // English titles would put Latin letters into Mongolian text.
        title: book.kind === 'book' ? book.title : null,
        genre: (facts[index] as BookFacts).genre,
        narrator: book.audio ? firstNarrator(book.contributors, contributors) : null,
        translated: book.contributors.some((c) => c.role === 'translator'),
        ebook: book.ebook !== null,
      },
    });
    book.ratingCount = ratings.length;
    book.ratingAvg =
      ratings.length === 0 ? 0 : Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;
  }
  for (const summary of summaries.slice(0, REVIEWED_SUMMARIES)) {
    const category = CATEGORY_TEXTS[(summary.categoryIds[0] ?? 1) - 1];
    addReviews(rng, out, {
      type: 'summary',
      id: summary.id,
      popularity: summary.popularity,
      publishedMs: Date.parse(summary.publishedAt),
      favourite: false,
      subject: {
        kind: 'summary',
        title: summary.title,
        genre: category?.genre ?? 'business',
        narrator: firstNarrator(summary.contributors, contributors),
        translated: false,
        ebook: false,
      },
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Home page showcase

const SHOWCASE_SIZE = 8;
const SHOWCASE_LEAD = 'Цагаан сар';

/**
 * 'Цагаан сар' and the most popular Mongolian book with both editions from each of seven
 * other categories, ordered by popularity. Only reviewed books qualify, so every hero shows
 * a rating.
 */
function assignShowcase(books: DemoBook[]): void {
  const limit = Math.min(books.length, REVIEWED_BOOKS);
  const lead = books.slice(0, FIXED_BOOKS.length).find((b) => b.title === SHOWCASE_LEAD);
  const eligible = (b: DemoBook) =>
    b.kind === 'book' && b.audio !== null && b.ebook !== null && b.ratingCount > 0 && b !== lead;
  const byPopularity = (a: DemoBook, b: DemoBook) => b.popularity - a.popularity || a.id - b.id;
  const champions = new Map<number, DemoBook>();
  for (let index = 0; index < limit; index += 1) {
    const book = books[index] as DemoBook;
    if (!eligible(book)) continue;
    const category = book.categoryIds[0] as number;
    const best = champions.get(category);
    if (!best || byPopularity(book, best) < 0) champions.set(category, book);
  }
  const picks: DemoBook[] = lead ? [lead] : [];
  const usedCategories = new Set(picks.map((b) => b.categoryIds[0]));
  for (const book of [...champions.values()].sort(byPopularity)) {
    if (picks.length >= SHOWCASE_SIZE) break;
    if (usedCategories.has(book.categoryIds[0])) continue;
    usedCategories.add(book.categoryIds[0]);
    picks.push(book);
  }
  // A tiny catalogue may have too few categories: fill up with the next most popular books.
  if (picks.length < SHOWCASE_SIZE) {
    const rest = books
      .slice(0, limit)
      .filter((b) => eligible(b) && !picks.includes(b))
      .sort(byPopularity);
    picks.push(...rest.slice(0, SHOWCASE_SIZE - picks.length));
  }
  picks.sort(byPopularity).forEach((book, i) => {
    book.showcasePosition = i + 1;
  });
}

// ---------------------------------------------------------------------------------------------
// Discovery topics

type TopicItem = DemoTopic['items'][number];

/** Spreads each kind evenly through the list, so a topic reads book, book, summary, book, podcast ... */
function interleave(groups: TopicItem[][]): TopicItem[] {
  const keyed = groups.flatMap((items, g) => items.map((item, i) => ({ item, key: (i + 0.5) / items.length, g })));
  return keyed.sort((a, b) => a.key - b.key || a.g - b.g).map((k) => k.item);
}

function makeTopics(
  rng: Rng,
  books: DemoBook[],
  summaries: DemoSummary[],
  podcasts: DemoPodcastSeries[],
  categoryIdByGenre: Map<Genre, number>,
  mongolianAuthorTagId: number | undefined,
): DemoTopic[] {
  const taken = new Set<string>();
  const byPopularity = (a: { popularity: number; id: number }, b: { popularity: number; id: number }) =>
    b.popularity - a.popularity || a.id - b.id;
  /** a varied pick among the most popular fitting items, shown most popular first */
  const pickPopular = <T extends { popularity: number; id: number }>(ranked: T[], count: number): T[] =>
    rng.sample(ranked.slice(0, Math.max(count * 3, 24)), count).sort(byPopularity);
  return TOPIC_TEXTS.map((text, index) => {
    const categories = new Set(text.genres.map((genre) => categoryIdByGenre.get(genre)));
    const fits = (ids: number[]) => ids.some((id) => categories.has(id));
    const english = text.genres.includes('english');
    const rankedBooks = text.kinds.includes('book')
      ? books
          .filter(
            (b) =>
              fits(b.categoryIds) &&
              (b.kind === 'english_book') === english &&
              (!text.audioOnly || b.audio !== null) &&
              (!text.mongolianOnly || (mongolianAuthorTagId !== undefined && b.tagIds.includes(mongolianAuthorTagId))),
          )
          .sort(byPopularity)
      : [];
    const rankedSummaries = text.kinds.includes('summary')
      ? summaries.filter((s) => fits(s.categoryIds)).sort(byPopularity)
      : [];
    const podcastPool = text.kinds.includes('podcast') ? podcasts.filter((p) => categories.has(p.categoryId)) : [];
    let items: TopicItem[];
    if (text.top) {
      // A ranked list: the most popular books and summaries together.
      items = [
        ...rankedBooks.slice(0, text.top).map((b) => ({ itemType: 'book' as const, ...b })),
        ...rankedSummaries.slice(0, text.top).map((s) => ({ itemType: 'summary' as const, ...s })),
      ]
        .sort(byPopularity)
        .slice(0, text.top)
        .map((x) => ({ itemType: x.itemType, itemId: x.id }));
    } else {
      const total = rng.int(8, 20);
      const podcastCount = Math.min(podcastPool.length, total >= 14 ? 2 : 1);
      let summaryCount = Math.min(rankedSummaries.length, Math.round((total * rng.int(20, 35)) / 100));
      const bookCount = Math.min(rankedBooks.length, total - podcastCount - summaryCount);
      summaryCount = Math.min(rankedSummaries.length, total - podcastCount - bookCount);
      items = interleave([
        pickPopular(rankedBooks, bookCount).map((b) => ({ itemType: 'book' as const, itemId: b.id })),
        pickPopular(rankedSummaries, summaryCount).map((s) => ({ itemType: 'summary' as const, itemId: s.id })),
        rng.sample(podcastPool, podcastCount).map((p) => ({ itemType: 'podcast' as const, itemId: p.id })),
      ]);
    }
    return {
      id: index + 1,
      slug: uniqueSlug(slugify(text.title), taken),
      title: text.title,
      description: text.description,
      position: index + 1,
      items,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Slug history

/**
 * A few renamed entities whose earlier slugs still redirect. An earlier slug is made unique
 * against the current slugs of its entity type, so it can never shadow a live page.
 */
function makeSlugHistory(
  books: DemoBook[],
  bookSlugs: Set<string>,
  summaries: DemoSummary[],
  contributors: DemoContributor[],
): DemoSlugHistory[] {
  const contributorSlugs = new Set(contributors.map((c) => c.slug));
  const history: DemoSlugHistory[] = [];
  for (const renamed of FORMER_NAMES) {
    const entity =
      renamed.entityType === 'book'
        ? books.slice(0, FIXED_BOOKS.length).find((b) => b.title === renamed.current)
        : contributors.find((c) => c.name === renamed.current);
    if (!entity) continue;
    const taken = renamed.entityType === 'book' ? bookSlugs : contributorSlugs;
    history.push({
      entityType: renamed.entityType,
      slug: uniqueSlug(slugify(renamed.former), taken),
      entityId: entity.id,
    });
  }
  // The first summary was published as '<title> номын товчлол' before the shop dropped the suffix.
  const summary = summaries[0];
  if (summary) {
    const taken = new Set(summaries.map((s) => s.slug));
    history.push({
      entityType: 'summary',
      slug: uniqueSlug(slugify(`${summary.title} номын товчлол`), taken),
      entityId: summary.id,
    });
  }
  return history;
}

// ---------------------------------------------------------------------------------------------
// Plans and credit packs (fixed: prices are a business decision, not random data)

const PLAN_NAMES: Readonly<Record<SubscriptionScope, { name: string; description: string }>> = {
  audio: { name: 'Аудио ном', description: 'Аудио номын сангаас хязгааргүй сонсох эрх.' },
  ebook: { name: 'Цахим ном', description: 'Цахим номын сангаас хязгааргүй унших эрх.' },
  summary: { name: 'Товчлол', description: 'Бүх товчлолыг уншиж, сонсох эрх.' },
  credit: { name: 'Кредит', description: 'Сар бүр кредит авч, дуртай номоо үүрд нээх эрх.' },
};

const PERIOD_NAMES: Readonly<Record<number, string>> = { 1: '1 сар', 3: '3 сар', 12: '1 жил' };

const PLAN_PRICES: readonly (readonly [SubscriptionScope, number, number, number | null, number])[] = [
  ['audio', 1, 19900, null, 0],
  ['audio', 3, 49900, 59700, 0],
  ['audio', 12, 149900, 238800, 0],
  ['ebook', 1, 12900, null, 0],
  ['ebook', 12, 99900, 154800, 0],
  ['summary', 1, 9900, null, 0],
  ['summary', 12, 69900, 118800, 0],
  ['credit', 1, 24900, null, 2],
  ['credit', 3, 64900, 74700, 6],
  ['credit', 12, 229900, 298800, 24],
];

function makePlans(): DemoPlan[] {
  return PLAN_PRICES.map(([scope, periodMonths, priceMnt, originalPriceMnt, creditsPerPeriod], index) => {
    const { name, description } = PLAN_NAMES[scope];
    const extra = creditsPerPeriod > 0 ? ` Нэг удаагийн төлбөрт ${creditsPerPeriod} кредит.` : '';
    return {
      id: index + 1,
      code: `${scope}-${periodMonths}m`,
      name: `${name}, ${PERIOD_NAMES[periodMonths] ?? `${periodMonths} сар`}`,
      description: description + extra,
      scope,
      periodMonths,
      priceMnt,
      originalPriceMnt,
      creditsPerPeriod,
      position: index + 1,
    };
  });
}

function makeCreditPacks(): DemoCreditPack[] {
  const packs: readonly (readonly [number, number, number])[] = [
    [1, 0, 12900],
    [3, 0, 34900],
    [5, 1, 54900],
    [10, 3, 99900],
  ];
  return packs.map(([credits, bonusCredits, priceMnt], index) => ({
    id: index + 1,
    code: `credits-${credits}`,
    name: bonusCredits > 0 ? `${credits} кредит + ${bonusCredits} бэлэг` : `${credits} кредит`,
    credits,
    bonusCredits,
    priceMnt,
    position: index + 1,
  }));
}

// ---------------------------------------------------------------------------------------------

export function generateCatalogue(options: GenerateOptions = {}): DemoCatalogue {
  const seed = options.seed ?? DEFAULT_SEED;
  const titles = Math.max(FIXED_BOOKS.length, Math.floor(options.titles ?? DEFAULT_TITLES));
  const sizes = sizesFor(titles);

  const categories = makeCategories();
  const categoryIdByGenre = new Map(CATEGORY_TEXTS.map((text, index) => [text.genre, index + 1] as const));
  const tags = makeTags();
  const publishers = makePublishers(sectionRng(seed, 'publishers'));
  const authorGenres = GENRE_WEIGHTS.map(([genre]) => genre);
  const people = makePeople(sectionRng(seed, 'people'), sizes, authorGenres);

  const offers: DemoOffer[] = [];
  const ctx: BookContext = {
    rng: sectionRng(seed, 'books'),
    people,
    categoryIdByGenre,
    tagIdByName: new Map(tags.map((tag) => [tag.name, tag.id])),
    publisherCount: publishers.length,
    titlesSeen: new Set(),
    slugs: new Set(),
    offers,
  };
  const books: DemoBook[] = [];
  const facts: BookFacts[] = [];
  for (let index = 0; index < titles; index += 1) {
    const made = makeBook(ctx, index);
    books.push(made.book);
    facts.push(made.facts);
  }
  const series = assignSeries(sectionRng(seed, 'series'), sizes.series, books, facts);
  const summaries = makeSummaries(
    sectionRng(seed, 'summaries'),
    sizes.summaries,
    books,
    facts,
    people,
    categoryIdByGenre,
    offers,
  );
  const { podcastSeries, podcastEpisodes } = makePodcasts(
    sectionRng(seed, 'podcasts'),
    sizes.podcasts,
    titles >= 1000,
    people.spareNames,
    categoryIdByGenre,
  );
  const bundles = makeBundles(
    sectionRng(seed, 'bundles'),
    sizes.bundles,
    books,
    summaries,
    facts.map((f) => f.listPrice),
    offers,
  );
  const { reviews, reviewReplies } = makeReviews(
    sectionRng(seed, 'reviews'),
    books,
    facts,
    summaries,
    people.contributors,
  );
  assignShowcase(books);
  const topics = makeTopics(
    sectionRng(seed, 'topics'),
    books,
    summaries,
    podcastSeries,
    categoryIdByGenre,
    ctx.tagIdByName.get('Монгол зохиолч'),
  );
  const slugHistory = makeSlugHistory(books, ctx.slugs, summaries, people.contributors);

  return {
    seed,
    publishers,
    contributors: people.contributors,
    categories,
    tags,
    series,
    books,
    summaries,
    podcastSeries,
    podcastEpisodes,
    bundles,
    offers,
    plans: makePlans(),
    creditPacks: makeCreditPacks(),
    reviews,
    reviewReplies,
    topics,
    slugHistory,
  };
}

/** Every image key the catalogue uses, each once, in a stable order. */
export function coverKeys(catalogue: DemoCatalogue): string[] {
  const keys = new Set<string>();
  for (const book of catalogue.books) keys.add(book.coverKey);
  for (const summary of catalogue.summaries) keys.add(summary.coverKey);
  for (const podcast of catalogue.podcastSeries) keys.add(podcast.coverKey);
  for (const bundle of catalogue.bundles) keys.add(bundle.coverKey);
  for (const person of catalogue.contributors) keys.add(person.photoKey);
  for (const publisher of catalogue.publishers) keys.add(publisher.logoKey);
  return [...keys];
}

export function coverDesigns(catalogue: DemoCatalogue): DemoCoverDesign[] {
  return coverKeys(catalogue).map((key) => {
    const art = coverArt(key);
    return { key, shape: art.shape, svg: art.svg };
  });
}

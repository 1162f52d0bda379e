import { deskBookCreate } from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import type { OnixHeader, OnixProduct } from './onix';

/**
 * What an ONIX 3.0 product is in the store (docs/catalog-desk.md, "Importing a catalogue"): the
 * code lists read (ProductForm 150, ProductFormDetail 175, ContentType 81, ContributorRole 17,
 * NotificationType 1, ProductAvailability 65, PriceType 58), and the title's fields checked by
 * the desk's own form schema, so an import keeps the rules an editor's form keeps.
 */

const m = mn.catalogImport;

export type ImportFormat = 'audiobook' | 'ebook';
export type ImportRole = 'author' | 'narrator' | 'translator';

/** a product the store takes: fields left `undefined` were not in the record and stay as they are */
export interface ImportItem {
  record: string;
  position: number;
  isbn: string | null;
  format: ImportFormat;
  title: string;
  subtitle: string | null;
  description: string | undefined;
  shortDescription: string | undefined;
  language: string | undefined;
  publishedYear: number | undefined;
  publisher: string | undefined;
  people: Record<ImportRole, string[]> | undefined;
  subjects: OnixProduct['subjects'];
  /** sold now (ProductAvailability 20–23) at `priceMnt`; otherwise the format's sale stops */
  onSale: boolean;
  priceMnt: number | null;
  durationSeconds: number | null;
}

export type Mapped =
  | { action: 'upsert'; item: ImportItem }
  | { action: 'withdraw'; record: string; position: number; title: string | null }
  | { action: 'refuse'; record: string; position: number; title: string | null; reasons: string[] };

/** downloadable or online audio (List 150); discs, cassettes and players are not sold here */
const AUDIO_FORMS = new Set(['AJ', 'AN', 'AO']);
/** digital, delivered electronically (List 150) */
const DIGITAL_FORMS = new Set(['EA', 'EB', 'EC', 'ED']);
/** List 81: 01 audiobook, 02 spoken word performance, 13 other speech content */
const AUDIO_CONTENT = new Set(['01', '02', '13']);
/** List 175: E101 EPUB */
const EPUB = 'E101';
/** List 65: available, in stock, to order, print on demand */
const AVAILABLE = new Set(['20', '21', '22', '23']);
/** List 17: A01 by (author), B06 translated by, E03 narrator, E07 read by */
const ROLES: Record<string, ImportRole> = { A01: 'author', B06: 'translator', E03: 'narrator', E07: 'narrator' };
/** List 1: early notice, advance notice, confirmed, update; 05 delete */
const UPSERTS = new Set(['01', '02', '03', '04']);
/** List 58, in the order preferred: fixed or recommended retail prices including tax first */
const PRICE_TYPES = ['04', '02', '01', '03'];
const MAX_PRICE = 100_000_000;

/** ISO 639-2/B codes to the two-letter codes the store uses where one exists */
const LANGUAGES: Record<string, string> = {
  mon: 'mn',
  eng: 'en',
  rus: 'ru',
  chi: 'zh',
  zho: 'zh',
  jpn: 'ja',
  kor: 'ko',
  ger: 'de',
  deu: 'de',
  fre: 'fr',
  fra: 'fr',
  spa: 'es',
  tur: 'tr',
  kaz: 'kk',
};

function formatOf(product: OnixProduct): ImportFormat | { refused: string } {
  const form = product.form ?? '';
  if (AUDIO_FORMS.has(form)) return 'audiobook';
  if (!DIGITAL_FORMS.has(form)) return { refused: m.form(form) };
  const audio =
    product.formDetails.some((d) => d.startsWith('A1')) || product.contentTypes.some((c) => AUDIO_CONTENT.has(c));
  if (audio) return 'audiobook';
  const ebookDetails = product.formDetails.filter((d) => d.startsWith('E'));
  return ebookDetails.length === 0 || ebookDetails.includes(EPUB) ? 'ebook' : { refused: m.epubOnly };
}

/** the MNT price to sell at, or why there is none */
function priceOf(product: OnixProduct, header: OnixHeader): number | { refused: string } {
  const priced = product.prices.map((p) => ({ ...p, currency: p.currency ?? header.defaultCurrency }));
  const rank = (type: string | null) => {
    const at = PRICE_TYPES.indexOf(type ?? '');
    return at === -1 ? PRICE_TYPES.length : at;
  };
  const mnt = priced.filter((p) => p.currency === 'MNT').sort((a, b) => rank(a.type) - rank(b.type))[0];
  if (!mnt) {
    const others = [...new Set(priced.map((p) => p.currency ?? '?'))];
    return { refused: others.length > 0 ? m.currency(others.join(', ')) : m.noPrice };
  }
  const amount = mnt.amount.trim();
  const price = /^\d+(\.0+)?$/.test(amount) ? Number(amount.split('.')[0]) : NaN;
  return Number.isSafeInteger(price) && price > 0 && price <= MAX_PRICE ? price : { refused: m.priceInvalid(amount) };
}

function peopleOf(product: OnixProduct): Record<ImportRole, string[]> | undefined {
  if (product.contributors.length === 0) return undefined;
  const people: Record<ImportRole, string[]> = { author: [], narrator: [], translator: [] };
  for (const c of [...product.contributors].sort((a, b) => a.sequence - b.sequence)) {
    const role = ROLES[c.role];
    if (role && !people[role].includes(c.name)) people[role].push(c.name);
  }
  return people;
}

/** What one product asks of the store: take it in (new or changed), withdraw it, or refuse it with reasons. */
export function mapProduct(product: OnixProduct, header: OnixHeader): Mapped {
  const { record, position, title } = product;
  const refuse = (...reasons: string[]): Mapped => ({ action: 'refuse', record, position, title, reasons });
  if (!record) return refuse(m.noRecord);
  if (product.oversized) return refuse(m.oversized);
  if (product.notification === '05') return { action: 'withdraw', record, position, title };
  if (!UPSERTS.has(product.notification)) return refuse(m.notification(product.notification));

  const reasons: string[] = [];
  if (!title) reasons.push(m.noTitle);
  const format = formatOf(product);
  if (typeof format !== 'string') reasons.push(format.refused);
  const onSale = AVAILABLE.has(product.availability ?? '');
  const price = onSale ? priceOf(product, header) : null;
  if (price !== null && typeof price !== 'number') reasons.push(price.refused);

  const coded = product.language ?? header.defaultLanguage;
  const language = coded ? (LANGUAGES[coded] ?? coded) : undefined;
  // the desk's form rules: lengths, the language code, the year
  const checked = deskBookCreate.safeParse({
    title: title ?? '-',
    subtitle: product.subtitle,
    ...(product.description !== null ? { description: product.description } : {}),
    ...(product.shortDescription !== null ? { short_description: product.shortDescription } : {}),
    ...(language ? { language } : {}),
    published_year: product.publishedYear,
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? '');
      const label = (m.fields as Record<string, string>)[field] ?? field;
      reasons.push(m.field(label, issue.message));
    }
  }
  if (reasons.length > 0 || !checked.success || typeof format !== 'string') return refuse(...reasons);
  const fields = checked.data;
  return {
    action: 'upsert',
    item: {
      record,
      position,
      isbn: product.isbn,
      format,
      title: fields.title,
      subtitle: fields.subtitle,
      description: product.description !== null ? fields.description : undefined,
      shortDescription: product.shortDescription !== null ? fields.short_description : undefined,
      language: language ? fields.language : undefined,
      publishedYear: fields.published_year ?? undefined,
      publisher: product.publisher ?? product.imprint ?? undefined,
      people: peopleOf(product),
      subjects: product.subjects,
      onSale,
      priceMnt: typeof price === 'number' ? price : null,
      durationSeconds: format === 'audiobook' ? product.durationSeconds : null,
    },
  };
}

/**
 * The main subject's BISAC (scheme 10) or Thema (93) code, by its longest known start, as one
 * of the store's categories (by slug); and keywords (scheme 20) and subject headings that are a
 * category's title, in any letter case. A code the store has no category for maps to none.
 */
const BISAC: Record<string, string> = {
  FIC: 'uran-zokhiol',
  FIC002: 'adal-yavdal',
  FIC009: 'uran-zugnul',
  POE: 'yaruu-nairag',
  HIS: 'tuukh',
  BUS: 'biznes',
  BUS027: 'sankhuu',
  BUS050: 'sankhuu',
  PSY: 'setgel-zui',
  JUV: 'khuukhdiin-nom',
  JNF: 'khuukhdiin-nom',
  SCI: 'shinjlekh-ukhaan',
  SEL: 'uuriiguu-khugjuulekh',
  BIO: 'namtar',
  HEA: 'eruul-mend',
  FAM: 'ger-bul-khumuujil',
  PHI: 'gun-ukhaan',
  FOR: 'angli-khel',
};
const THEMA: Record<string, string> = {
  F: 'uran-zokhiol',
  FJ: 'adal-yavdal',
  FM: 'uran-zugnul',
  DC: 'yaruu-nairag',
  DN: 'namtar',
  NH: 'tuukh',
  KJ: 'biznes',
  KF: 'sankhuu',
  JM: 'setgel-zui',
  Y: 'khuukhdiin-nom',
  P: 'shinjlekh-ukhaan',
  VS: 'uuriiguu-khugjuulekh',
  VF: 'eruul-mend',
  VFV: 'ger-bul-khumuujil',
  QD: 'gun-ukhaan',
  CJ: 'angli-khel',
};

function byLongestStart(table: Record<string, string>, code: string): string | undefined {
  for (let length = code.length; length > 0; length -= 1) {
    const slug = table[code.slice(0, length)];
    if (slug) return slug;
  }
  return undefined;
}

export function categoriesOf(
  subjects: ImportItem['subjects'],
  categories: readonly { id: number; slug: string; title: string }[],
): number[] {
  const bySlug = new Map(categories.map((c) => [c.slug, c.id]));
  const byTitle = new Map(categories.map((c) => [c.title.toLowerCase(), c.id]));
  const ids: number[] = [];
  const add = (id: number | undefined) => {
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  };
  // the main subject first: a title's first category is the one its pages show
  const ordered = [...subjects].sort((a, b) => Number(b.main) - Number(a.main));
  for (const subject of ordered) {
    const code = subject.code.toUpperCase();
    if (subject.scheme === '10' && code) add(bySlug.get(byLongestStart(BISAC, code) ?? ''));
    if (subject.scheme === '93' && code) add(bySlug.get(byLongestStart(THEMA, code) ?? ''));
    if (subject.scheme === '20')
      for (const keyword of subject.heading.split(';')) add(byTitle.get(keyword.trim().toLowerCase()));
    else if (subject.heading) add(byTitle.get(subject.heading.toLowerCase()));
  }
  return ids.slice(0, 50);
}

import { createReadStream } from 'node:fs';
import { Parser } from 'htmlparser2';
import { plainText } from '../../lib/plain-text';

/**
 * An ONIX for Books 3.0 message read a product at a time (docs/catalog-desk.md, "Importing a
 * catalogue"). Reference tags (`<Product>`, `<RecordReference>`) and short tags (`<product>`,
 * `<a001>`) both, with or without a namespace prefix. htmlparser2 in XML mode reads no DTD: an
 * entity a file declares is neither fetched (XXE) nor expanded ("billion laughs"); only the five
 * XML entities and character references are decoded. Only the elements the store keeps are
 * read; each product's elements are held until its end tag and then dropped, so a file of any
 * length costs the memory of one product and the facts read from the others.
 */

/** the short tags of the elements read, by reference name */
const SHORT_TAGS: Record<string, string> = {
  ONIXmessage: 'ONIXMessage',
  header: 'Header',
  sender: 'Sender',
  x298: 'SenderName',
  m184: 'DefaultLanguageOfText',
  m186: 'DefaultCurrencyCode',
  product: 'Product',
  a001: 'RecordReference',
  a002: 'NotificationType',
  productidentifier: 'ProductIdentifier',
  b221: 'ProductIDType',
  b244: 'IDValue',
  descriptivedetail: 'DescriptiveDetail',
  b012: 'ProductForm',
  b333: 'ProductFormDetail',
  b385: 'ProductContentType',
  x416: 'PrimaryContentType',
  titledetail: 'TitleDetail',
  b202: 'TitleType',
  titleelement: 'TitleElement',
  x409: 'TitleElementLevel',
  b203: 'TitleText',
  b030: 'TitlePrefix',
  b031: 'TitleWithoutPrefix',
  b029: 'Subtitle',
  contributor: 'Contributor',
  b034: 'SequenceNumber',
  b035: 'ContributorRole',
  b036: 'PersonName',
  b039: 'NamesBeforeKey',
  b040: 'KeyNames',
  b047: 'CorporateName',
  language: 'Language',
  b253: 'LanguageRole',
  b252: 'LanguageCode',
  extent: 'Extent',
  b218: 'ExtentType',
  b219: 'ExtentValue',
  b220: 'ExtentUnit',
  subject: 'Subject',
  x425: 'MainSubject',
  b067: 'SubjectSchemeIdentifier',
  b069: 'SubjectCode',
  b070: 'SubjectHeadingText',
  collateraldetail: 'CollateralDetail',
  textcontent: 'TextContent',
  x426: 'TextType',
  d104: 'Text',
  publishingdetail: 'PublishingDetail',
  imprint: 'Imprint',
  b079: 'ImprintName',
  publisher: 'Publisher',
  b291: 'PublishingRole',
  b081: 'PublisherName',
  publishingdate: 'PublishingDate',
  x448: 'PublishingDateRole',
  b306: 'Date',
  productsupply: 'ProductSupply',
  supplydetail: 'SupplyDetail',
  j396: 'ProductAvailability',
  price: 'Price',
  x462: 'PriceType',
  j151: 'PriceAmount',
  j152: 'CurrencyCode',
};

/** a message of more products is refused whole: one import is one transaction (split the file) */
export const MAX_PRODUCTS = 20_000;
/** a product of more elements or text is refused (no real record comes near) */
const MAX_PRODUCT_NODES = 5_000;
const MAX_PRODUCT_TEXT = 1_000_000;
const MAX_DEPTH = 40;

export class OnixInvalid extends Error {
  constructor(readonly reason: 'not_xml' | 'not_onix' | 'version' | 'too_many') {
    super(reason);
    this.name = 'OnixInvalid';
  }
}

export interface OnixHeader {
  sender: string;
  defaultLanguage: string | null;
  defaultCurrency: string | null;
}

export interface OnixContributor {
  role: string;
  name: string;
  sequence: number;
}

export interface OnixPrice {
  type: string | null;
  amount: string;
  currency: string | null;
}

/** one `<Product>` as read: the elements the store maps, codes as they stand in the file */
export interface OnixProduct {
  /** its place in the message, from 1 */
  position: number;
  record: string;
  notification: string;
  isbn: string | null;
  form: string | null;
  formDetails: string[];
  contentTypes: string[];
  /** null when the product carries no distinctive title (TitleType 01) */
  title: string | null;
  subtitle: string | null;
  contributors: OnixContributor[];
  /** the language of the text (LanguageRole 01), as coded (ISO 639-2/B) */
  language: string | null;
  /** the running time (ExtentType 09), in seconds */
  durationSeconds: number | null;
  subjects: { scheme: string; code: string; heading: string; main: boolean }[];
  /** TextType 03, as plain text; null when absent */
  description: string | null;
  /** TextType 02, as plain text; null when absent */
  shortDescription: string | null;
  publisher: string | null;
  imprint: string | null;
  /** the publication date's year (PublishingDateRole 01) */
  publishedYear: number | null;
  availability: string | null;
  prices: OnixPrice[];
  /** the product was too large to read */
  oversized: boolean;
}

interface Node {
  name: string;
  depth: number;
  children: (Node | string)[];
}

const localName = (name: string) => {
  const bare = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
  return SHORT_TAGS[bare] ?? bare;
};
const isNode = (child: Node | string): child is Node => typeof child !== 'string';
const all = (node: Node | undefined, name: string): Node[] =>
  node ? node.children.filter((c): c is Node => isNode(c) && c.name === name) : [];
const one = (node: Node | undefined, name: string): Node | undefined => all(node, name)[0];
/** every piece of text inside, in order (markup inside a `<Text>` included) */
const textOf = (node: Node | undefined): string =>
  node ? node.children.map((c) => (isNode(c) ? textOf(c) : c)).join('') : '';
const value = (node: Node | undefined, name: string): string => textOf(one(node, name)).trim();
/** a text with its markup: an XHTML `<Text>` keeps its tags for `plainText` to read */
const markupOf = (node: Node): string =>
  node.children.map((c) => (isNode(c) ? `<${c.name}>${markupOf(c)}</${c.name}>` : escapeText(c))).join('');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const oneLine = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** seconds of an ExtentValue in its ExtentUnit (List 24: 04 hours, 05 minutes, 06 seconds, 14–16 HHH[MM[SS]]) */
export function durationSeconds(amount: string, unit: string): number | null {
  const text = amount.trim();
  const digits = (from: number, to: number) => Number(text.slice(from, to) || '0');
  let seconds: number;
  if (unit === '04' && /^\d+(\.\d+)?$/.test(text)) seconds = Number(text) * 3600;
  else if (unit === '05' && /^\d+(\.\d+)?$/.test(text)) seconds = Number(text) * 60;
  else if (unit === '06' && /^\d+$/.test(text)) seconds = Number(text);
  else if (unit === '14' && /^\d{1,3}$/.test(text)) seconds = Number(text) * 3600;
  else if (unit === '15' && /^\d{5}$/.test(text)) seconds = digits(0, 3) * 3600 + digits(3, 5) * 60;
  else if (unit === '16' && /^\d{7}$/.test(text)) seconds = digits(0, 3) * 3600 + digits(3, 5) * 60 + digits(5, 7);
  else return null;
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : null;
}

function productOf(node: Node, position: number, oversized: boolean): OnixProduct {
  const descriptive = one(node, 'DescriptiveDetail');
  const collateral = one(node, 'CollateralDetail');
  const publishing = one(node, 'PublishingDetail');
  const supply = all(one(node, 'ProductSupply'), 'SupplyDetail');

  const isbn =
    all(node, 'ProductIdentifier')
      .filter((id) => value(id, 'ProductIDType') === '15')
      .map((id) => value(id, 'IDValue').replace(/[-\s]/g, ''))
      .find((id) => /^97[89]\d{10}$/.test(id)) ?? null;

  // the distinctive title (TitleType 01) at the product's level (TitleElementLevel 01)
  const titleDetail = all(descriptive, 'TitleDetail').find((d) => value(d, 'TitleType') === '01');
  const elements = all(titleDetail, 'TitleElement');
  const element = elements.find((e) => value(e, 'TitleElementLevel') === '01') ?? elements[0];
  const withPrefix = [value(element, 'TitlePrefix'), value(element, 'TitleWithoutPrefix')].filter(Boolean).join(' ');
  const title = oneLine(plainText(value(element, 'TitleText') || withPrefix), 1000) || null;
  const subtitle = oneLine(plainText(value(element, 'Subtitle')), 1000) || null;

  const contributors = all(descriptive, 'Contributor').flatMap((c, index) => {
    const name =
      value(c, 'PersonName') ||
      [value(c, 'NamesBeforeKey'), value(c, 'KeyNames')].filter(Boolean).join(' ') ||
      value(c, 'CorporateName');
    const sequence = Number(value(c, 'SequenceNumber'));
    return all(c, 'ContributorRole').map((role) => ({
      role: textOf(role).trim(),
      name: oneLine(name, 200),
      sequence: Number.isInteger(sequence) && sequence > 0 ? sequence : 1000 + index,
    }));
  });

  const languages = all(descriptive, 'Language');
  const language =
    value(
      languages.find((l) => value(l, 'LanguageRole') === '01'),
      'LanguageCode',
    ).toLowerCase() || null;

  const duration = all(descriptive, 'Extent').find((e) => value(e, 'ExtentType') === '09');

  const texts = all(collateral, 'TextContent');
  const textOfType = (type: string) => {
    const found = one(
      texts.find((t) => value(t, 'TextType') === type),
      'Text',
    );
    if (!found) return null;
    // XHTML inside (textformat 05) keeps its tags; a text alone may be escaped HTML (02): both read as HTML
    return plainText(found.children.some(isNode) ? markupOf(found) : textOf(found)) || null;
  };

  const publishers = all(publishing, 'Publisher');
  const publisher = publishers.find((p) => value(p, 'PublishingRole') === '01') ?? publishers[0];
  const date = all(publishing, 'PublishingDate').find((d) => value(d, 'PublishingDateRole') === '01');
  const year = Number(value(date, 'Date').slice(0, 4));

  return {
    position,
    record: oneLine(value(node, 'RecordReference'), 300),
    notification: value(node, 'NotificationType'),
    isbn,
    form: value(descriptive, 'ProductForm') || null,
    formDetails: all(descriptive, 'ProductFormDetail').map((d) => textOf(d).trim()),
    contentTypes: [...all(descriptive, 'PrimaryContentType'), ...all(descriptive, 'ProductContentType')].map((c) =>
      textOf(c).trim(),
    ),
    title,
    subtitle,
    contributors: contributors.filter((c) => c.name),
    language,
    durationSeconds: duration ? durationSeconds(value(duration, 'ExtentValue'), value(duration, 'ExtentUnit')) : null,
    subjects: all(descriptive, 'Subject').map((s) => ({
      scheme: value(s, 'SubjectSchemeIdentifier'),
      code: value(s, 'SubjectCode'),
      heading: oneLine(value(s, 'SubjectHeadingText'), 200),
      main: one(s, 'MainSubject') !== undefined,
    })),
    description: textOfType('03'),
    shortDescription: textOfType('02'),
    publisher: oneLine(value(publisher, 'PublisherName'), 200) || null,
    imprint: oneLine(value(one(publishing, 'Imprint'), 'ImprintName'), 200) || null,
    publishedYear: Number.isInteger(year) && year >= 1000 && year <= 2100 ? year : null,
    availability: supply.map((s) => value(s, 'ProductAvailability')).find(Boolean) ?? null,
    prices: supply.flatMap((s) =>
      all(s, 'Price').map((p) => ({
        type: value(p, 'PriceType') || null,
        amount: value(p, 'PriceAmount'),
        currency: value(p, 'CurrencyCode').toUpperCase() || null,
      })),
    ),
    oversized,
  };
}

export interface OnixMessage {
  header: OnixHeader;
  products: OnixProduct[];
}

/**
 * Reads a message from text chunks (a file's stream, or one string). Refuses what is not an
 * ONIX 3.0 message (`OnixInvalid`); a product too large to read comes back marked `oversized`.
 */
export async function readOnix(chunks: AsyncIterable<string> | Iterable<string>): Promise<OnixMessage> {
  const header: OnixHeader = { sender: '', defaultLanguage: null, defaultCurrency: null };
  const products: OnixProduct[] = [];
  let failure: OnixInvalid | null = null;
  let root: string | null = null;
  /** the open elements inside the current Product (or the Header) */
  const stack: Node[] = [];
  let inside: 'Header' | 'Product' | null = null;
  let depth = 0;
  let nodes = 0;
  let textLength = 0;
  let oversized = false;

  const parser = new Parser(
    {
      onopentag(raw, attributes) {
        depth += 1;
        const name = localName(raw);
        if (root === null) {
          root = name;
          if (name !== 'ONIXMessage') failure ??= new OnixInvalid('not_onix');
          else if (attributes.release && !attributes.release.startsWith('3')) failure ??= new OnixInvalid('version');
          return;
        }
        if (failure) return;
        if (inside === null) {
          if (depth === 2 && (name === 'Header' || name === 'Product')) {
            inside = name;
            nodes = 0;
            textLength = 0;
            oversized = false;
            stack.push({ name, depth, children: [] });
          }
          return;
        }
        nodes += 1;
        if (nodes > MAX_PRODUCT_NODES || stack.length >= MAX_DEPTH) oversized = true;
        if (oversized) return;
        const node: Node = { name, depth, children: [] };
        stack.at(-1)!.children.push(node);
        stack.push(node);
      },
      ontext(text) {
        if (inside === null || oversized) return;
        textLength += text.length;
        if (textLength > MAX_PRODUCT_TEXT) oversized = true;
        else stack.at(-1)!.children.push(text);
      },
      onclosetag() {
        const closing = depth;
        depth -= 1;
        if (inside === null || stack.at(-1)?.depth !== closing) return;
        const node = stack.pop()!;
        if (stack.length > 0) return;
        if (inside === 'Header') {
          header.sender = oneLine(value(one(node, 'Sender'), 'SenderName'), 200);
          header.defaultLanguage = value(node, 'DefaultLanguageOfText').toLowerCase() || null;
          header.defaultCurrency = value(node, 'DefaultCurrencyCode').toUpperCase() || null;
        } else if (products.length >= MAX_PRODUCTS) failure ??= new OnixInvalid('too_many');
        else products.push(productOf(node, products.length + 1, oversized));
        inside = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  for await (const chunk of chunks) {
    parser.write(chunk);
    if (failure) break;
  }
  parser.end();
  if (failure) throw failure;
  if (root === null) throw new OnixInvalid('not_xml');
  return { header, products };
}

/** Reads an ONIX file from disk as UTF-8, a chunk at a time. */
export function readOnixFile(path: string): Promise<OnixMessage> {
  return readOnix(createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 }));
}

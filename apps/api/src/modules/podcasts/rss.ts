import { DomUtils, parseDocument } from 'htmlparser2';
import { plainText } from '../../lib/plain-text';

/**
 * A podcast's RSS 2.0 feed with the iTunes tags, as the store keeps it. Parsed by htmlparser2
 * in XML mode, which reads no DTD: an entity a feed declares (`<!ENTITY x SYSTEM "file:…">`)
 * is never fetched or expanded, so neither external entities nor "billion laughs" apply.
 */
export interface FeedChannel {
  title: string;
  description: string;
  author: string;
  imageUrl: string | null;
  language: string | null;
  link: string | null;
  items: FeedItem[];
}

export interface FeedItem {
  guid: string;
  title: string;
  description: string;
  enclosureUrl: string;
  enclosureType: string | null;
  durationSeconds: number;
  publishedAt: Date | null;
  episode: number | null;
  imageUrl: string | null;
}

export class FeedInvalid extends Error {
  constructor(readonly reason: 'not_rss' | 'no_title') {
    super(reason);
    this.name = 'FeedInvalid';
  }
}

type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<ChildNode, { attribs: Record<string, string> }>;

const isTag = (node: ChildNode): node is Element => 'attribs' in node;
const childrenOf = (element: Element) => element.children.filter(isTag);
const child = (element: Element, name: string) => childrenOf(element).find((c) => c.name.toLowerCase() === name);
const text = (element: Element | undefined) => (element ? DomUtils.textContent(element).trim() : '');

/** `1:02:03`, `62:03`, `3723` or `3723.4` seconds; 0 when absent or unreadable */
export function durationOf(value: string): number {
  const parts = value.trim().split(':');
  if (parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return 0;
  const seconds = parts.reduce((total, part) => total * 60 + Number(part), 0);
  return Number.isFinite(seconds) ? Math.min(Math.round(seconds), 7 * 24 * 3600) : 0;
}

const httpUrl = (value: string | undefined): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
};

function imageOf(element: Element): string | null {
  const itunes = child(element, 'itunes:image');
  return httpUrl(itunes?.attribs.href) ?? httpUrl(text(child(child(element, 'image') ?? element, 'url')) || undefined);
}

/** Reads a feed; items without an http(s) enclosure are left out (nothing to play). */
export function parseFeed(xml: string): FeedChannel {
  const document = parseDocument(xml, { xmlMode: true });
  const rss = DomUtils.findOne((e) => e.name.toLowerCase() === 'rss', document.children, false);
  const channel = rss ? child(rss, 'channel') : undefined;
  if (!channel) throw new FeedInvalid('not_rss');
  const title = plainText(text(child(channel, 'title'))).slice(0, 300);
  if (!title) throw new FeedInvalid('no_title');
  const items: FeedItem[] = [];
  for (const item of childrenOf(channel).filter((c) => c.name.toLowerCase() === 'item')) {
    const enclosure = child(item, 'enclosure');
    const enclosureUrl = httpUrl(enclosure?.attribs.url);
    if (!enclosureUrl) continue;
    const guid = text(child(item, 'guid')) || enclosureUrl;
    const published = Date.parse(text(child(item, 'pubdate')));
    const episode = Number(text(child(item, 'itunes:episode')));
    items.push({
      guid: guid.slice(0, 500),
      title: plainText(text(child(item, 'title')) || text(child(item, 'itunes:title'))).slice(0, 300) || enclosureUrl,
      description: plainText(
        text(child(item, 'content:encoded')) || text(child(item, 'description')) || text(child(item, 'itunes:summary')),
      ),
      enclosureUrl,
      enclosureType: enclosure?.attribs.type?.slice(0, 100) ?? null,
      durationSeconds: durationOf(text(child(item, 'itunes:duration'))),
      publishedAt: Number.isFinite(published) ? new Date(published) : null,
      episode: Number.isInteger(episode) && episode > 0 && episode < 32_768 ? episode : null,
      imageUrl: imageOf(item),
    });
  }
  return {
    title,
    description: plainText(text(child(channel, 'description')) || text(child(channel, 'itunes:summary'))),
    author: plainText(text(child(channel, 'itunes:author'))).slice(0, 200),
    imageUrl: imageOf(channel),
    language: text(child(channel, 'language')).slice(0, 20) || null,
    link: httpUrl(text(child(channel, 'link')) || undefined),
    items,
  };
}

import { posix } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { Parser } from 'htmlparser2';
import { isObfuscation, obfuscationKey, xorObfuscated, type ObfuscationAlgorithm } from './epub-obfuscation';

/**
 * Reading an EPUB 3 (or 2) container for the reader: the package document's metadata,
 * manifest and spine, the table of contents (the navigation document, else the NCX), and which
 * resources make up the free sample. The archive stays compressed in memory; a resource is
 * inflated when it is asked for, and an obfuscated font (`META-INF/encryption.xml`) is served
 * as the font it is.
 */

export interface EpubMetadata {
  title: string;
  creators: string[];
  language: string | null;
  identifier: string | null;
  publisher: string | null;
  description: string | null;
  /** the spine's page-progression-direction */
  direction: 'ltr' | 'rtl' | 'default';
  layout: 'reflowable' | 'pre-paginated';
}

export interface EpubResource {
  /** the entry's path inside the archive, e.g. `OEBPS/chapter-1.xhtml` */
  path: string;
  mediaType: string;
  /** bytes once inflated */
  size: number;
}

export interface EpubSpineItem {
  path: string;
  mediaType: string;
  linear: boolean;
}

export interface EpubTocEntry {
  label: string;
  /** an archive path with its fragment, e.g. `OEBPS/chapter-2.xhtml#s1` */
  href: string;
  /** 1 for the top level */
  level: number;
}

export interface EpubBook {
  packagePath: string;
  metadata: EpubMetadata;
  /** every manifest item present in the archive, with the container and the package document */
  resources: ReadonlyMap<string, EpubResource>;
  spine: readonly EpubSpineItem[];
  toc: readonly EpubTocEntry[];
  /** what a reader without the book may open: the first chapter, what it uses, and the book's structure */
  sample: EpubSample;
  /** the same with `chapters` chapters from the first one (the editor's choice; 1 is `sample`) */
  sampleOf(chapters: number): EpubSample;
  /**
   * the inflated bytes of a resource (an obfuscated font de-obfuscated), or undefined for a
   * path that is not one
   */
  read(path: string): Uint8Array | undefined;
}

export interface EpubSample {
  spine: ReadonlySet<string>;
  resources: ReadonlySet<string>;
}

export class EpubError extends Error {
  override name = 'EpubError';
}

const CONTAINER = 'META-INF/container.xml';
const ENCRYPTION = 'META-INF/encryption.xml';
/** a file at the archive's root: what the URIs of encryption.xml are relative to */
const AT_ROOT = 'mimetype';
/** a resource larger than this once inflated is not served (a zip bomb, not a book) */
const MAX_RESOURCE_BYTES = 64 * 1024 * 1024;
/**
 * The first chapter is the first linear spine item with at least this much body text; a cover
 * page, a title page or a dedication has less.
 */
const CHAPTER_TEXT = 200;
const HTML_TYPES = new Set(['application/xhtml+xml', 'text/html']);
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

type Attributes = Record<string, string>;
interface XmlHandlers {
  open?(name: string, attributes: Attributes): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** Walks XML (or lax XHTML) with element names and attribute names stripped of their prefix. */
function walk(xml: string, handlers: XmlHandlers): void {
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const local: Attributes = {};
        for (const [key, value] of Object.entries(attributes)) {
          local[key] = value;
          const bare = localName(key);
          if (!(bare in local)) local[bare] = value;
        }
        handlers.open?.(localName(name), local);
      },
      ontext: (text) => handlers.text?.(text),
      onclosetag: (name) => handlers.close?.(localName(name)),
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const words = (value: string | undefined) => (value ?? '').split(/\s+/).filter(Boolean);

/**
 * The archive path an href in `from` points to, without its fragment; undefined for an
 * external URL, a bare fragment or a path that climbs out of the archive. The answer is only a
 * name: whether the archive has it is for the caller to look up.
 */
export function resolveHref(from: string, href: string): { path: string; fragment: string } | undefined {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//'))
    return undefined;
  const [raw = '', ...rest] = trimmed.split('#');
  const withoutQuery = raw.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(withoutQuery);
  } catch {
    return undefined;
  }
  // `/x` is the archive's root, as reading systems take it
  const path = decoded.startsWith('/')
    ? posix.normalize(decoded.slice(1))
    : posix.normalize(posix.join(posix.dirname(from), decoded));
  if (path.startsWith('../') || path === '..' || path.startsWith('/') || path === '.') return undefined;
  return { path, fragment: rest.join('#') };
}

/** The references a stylesheet makes: `url(...)` and `@import`. */
function cssReferences(css: string): string[] {
  const found: string[] = [];
  for (const match of css.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/gi)) found.push(match[2] as string);
  for (const match of css.matchAll(/@import\s+(["'])([^"']+)\1/gi)) found.push(match[2] as string);
  return found;
}

const REFERENCE_ATTRIBUTES = ['src', 'poster', 'data'];

/** What a content document (XHTML or SVG) loads: stylesheets, images, fonts in inline styles. */
function documentReferences(xml: string): string[] {
  const found: string[] = [];
  let inStyle = false;
  walk(xml, {
    open(name, attributes) {
      if (name === 'link' && attributes.href && words(attributes.rel).includes('stylesheet'))
        found.push(attributes.href);
      if (name === 'image' || name === 'use') {
        const href = attributes['xlink:href'] ?? attributes.href;
        if (href) found.push(href);
      }
      // scripts never run in the reader, so they are no part of what a chapter needs
      if (name !== 'script') for (const key of REFERENCE_ATTRIBUTES) if (attributes[key]) found.push(attributes[key]);
      if (attributes.style) found.push(...cssReferences(attributes.style));
      if (name === 'style') inStyle = true;
    },
    text(text) {
      if (inStyle) found.push(...cssReferences(text));
    },
    close(name) {
      if (name === 'style') inStyle = false;
    },
  });
  return found;
}

/** The body's text, collapsed, without scripts and styles. */
function bodyText(xml: string): string {
  let inBody = false;
  let skipping = 0;
  let text = '';
  walk(xml, {
    open(name) {
      if (name === 'body') inBody = true;
      if (name === 'script' || name === 'style') skipping += 1;
    },
    text(chunk) {
      if (inBody && skipping === 0) text += chunk;
    },
    close(name) {
      if (name === 'body') inBody = false;
      if (name === 'script' || name === 'style') skipping = Math.max(0, skipping - 1);
    },
  });
  return collapse(text);
}

interface PackageDocument {
  metadata: EpubMetadata;
  /** every dc:identifier, in order */
  identifiers: string[];
  manifest: Map<string, { path: string; mediaType: string; properties: string[] }>;
  spine: { idref: string; linear: boolean }[];
  tocId: string | null;
}

function readPackage(xml: string, packagePath: string): PackageDocument {
  const manifest: PackageDocument['manifest'] = new Map();
  const spine: PackageDocument['spine'] = [];
  const creators: string[] = [];
  const dc: Record<string, string> = {};
  const identifiers = new Map<string, string>();
  const allIdentifiers: string[] = [];
  let uniqueId: string | null = null;
  let direction: EpubMetadata['direction'] = 'default';
  let layout: EpubMetadata['layout'] = 'reflowable';
  let tocId: string | null = null;
  let capture: { name: string; id: string | null; property: string | null } | null = null;
  let captured = '';

  walk(xml, {
    open(name, attributes) {
      if (name === 'package') uniqueId = attributes['unique-identifier'] ?? null;
      if (name === 'item' && attributes.id && attributes.href) {
        const resolved = resolveHref(packagePath, attributes.href);
        if (resolved) {
          manifest.set(attributes.id, {
            path: resolved.path,
            mediaType: attributes['media-type'] ?? 'application/octet-stream',
            properties: words(attributes.properties),
          });
        }
      }
      if (name === 'spine') {
        const ppd = attributes['page-progression-direction'];
        if (ppd === 'rtl' || ppd === 'ltr') direction = ppd;
        tocId = attributes.toc ?? null;
      }
      if (name === 'itemref' && attributes.idref)
        spine.push({ idref: attributes.idref, linear: attributes.linear !== 'no' });
      if (['title', 'creator', 'language', 'identifier', 'publisher', 'description', 'meta'].includes(name)) {
        capture = { name, id: attributes.id ?? null, property: attributes.property ?? null };
        captured = '';
      }
    },
    text(text) {
      if (capture) captured += text;
    },
    close(name) {
      if (!capture || capture.name !== name) return;
      const value = collapse(captured);
      if (name === 'creator' && value) creators.push(value);
      else if (name === 'identifier' && value) {
        identifiers.set(capture.id ?? '', value);
        allIdentifiers.push(value);
      } else if (name === 'meta' && capture.property === 'rendition:layout' && value === 'pre-paginated')
        layout = 'pre-paginated';
      else if (name !== 'meta' && value && !(name in dc)) dc[name] = value;
      capture = null;
    },
  });

  return {
    metadata: {
      title: dc.title ?? '',
      creators,
      language: dc.language ?? null,
      identifier: (uniqueId && identifiers.get(uniqueId)) ?? identifiers.values().next().value ?? null,
      publisher: dc.publisher ?? null,
      description: dc.description ?? null,
      direction,
      layout,
    },
    identifiers: allIdentifiers,
    manifest,
    spine,
    tocId,
  };
}

/** The package document's path, from META-INF/container.xml. */
function packagePathOf(containerXml: string): string | undefined {
  let found: string | undefined;
  walk(containerXml, {
    open(name, attributes) {
      if (found === undefined && name === 'rootfile' && attributes['full-path']) {
        const mediaType = attributes['media-type'];
        if (!mediaType || mediaType === 'application/oebps-package+xml') found = attributes['full-path'];
      }
    },
  });
  return found;
}

/** The resources `META-INF/encryption.xml` lists, with the algorithm of each. */
function readEncryption(xml: string): { path: string; algorithm: string }[] {
  const found: { path: string; algorithm: string }[] = [];
  let current: { uri: string; algorithm: string } | null = null;
  walk(xml, {
    open(name, attributes) {
      if (name === 'encrypteddata') current = { uri: '', algorithm: '' };
      if (!current) return;
      if (name === 'encryptionmethod') current.algorithm = attributes.algorithm ?? '';
      if (name === 'cipherreference') current.uri = attributes.uri ?? '';
    },
    close(name) {
      if (name !== 'encrypteddata' || !current) return;
      const resolved = resolveHref(AT_ROOT, current.uri);
      if (resolved) found.push({ path: resolved.path, algorithm: current.algorithm });
      current = null;
    },
  });
  return found;
}

/** The fonts of a book to de-obfuscate, each with its algorithm and key. */
function obfuscatedFonts(
  encryptionXml: string | undefined,
  opf: PackageDocument,
): Map<string, { algorithm: ObfuscationAlgorithm; key: Uint8Array }> {
  const fonts = new Map<string, { algorithm: ObfuscationAlgorithm; key: Uint8Array }>();
  for (const { path, algorithm } of encryptionXml ? readEncryption(encryptionXml) : []) {
    if (!isObfuscation(algorithm)) continue;
    // without the identifier the key comes from, the font is served as it is stored
    const key = obfuscationKey(algorithm, opf.metadata.identifier, opf.identifiers);
    if (key && key.length > 0) fonts.set(path, { algorithm, key });
  }
  return fonts;
}

interface Navigation {
  toc: EpubTocEntry[];
  /** the archive path the `bodymatter` landmark points to */
  bodymatter: string | null;
}

/** The `toc` and `landmarks` navs of an EPUB 3 navigation document. */
function readNav(xml: string, navPath: string): Navigation {
  const toc: EpubTocEntry[] = [];
  let bodymatter: string | null = null;
  let nav: 'toc' | 'landmarks' | null = null;
  let depth = 0;
  let entry: { href: string; level: number; label: string; landmark: string[] } | null = null;
  walk(xml, {
    open(name, attributes) {
      if (name === 'nav') {
        const types = words(attributes['epub:type'] ?? attributes.type ?? attributes.role);
        nav =
          types.includes('toc') || types.includes('doc-toc') ? 'toc' : types.includes('landmarks') ? 'landmarks' : null;
        depth = 0;
      }
      if (!nav) return;
      if (name === 'ol') depth += 1;
      if ((name === 'a' || name === 'span') && !entry) {
        entry = { href: attributes.href ?? '', level: depth, label: '', landmark: words(attributes['epub:type']) };
      }
    },
    text(text) {
      if (entry) entry.label += text;
    },
    close(name) {
      if (name === 'nav') nav = null;
      if (!nav) return;
      if (name === 'ol') depth -= 1;
      if ((name === 'a' || name === 'span') && entry) {
        const resolved = entry.href ? resolveHref(navPath, entry.href) : undefined;
        if (nav === 'toc') {
          const href = resolved ? (resolved.fragment ? `${resolved.path}#${resolved.fragment}` : resolved.path) : '';
          const label = collapse(entry.label);
          if (label) toc.push({ label, href, level: Math.max(1, entry.level) });
        } else if (resolved && entry.landmark.includes('bodymatter') && bodymatter === null) {
          bodymatter = resolved.path;
        }
        entry = null;
      }
    },
  });
  return { toc, bodymatter };
}

/** The navMap of an EPUB 2 NCX, for books without a navigation document. */
function readNcx(xml: string, ncxPath: string): EpubTocEntry[] {
  const toc: EpubTocEntry[] = [];
  const open: { label: string; href: string; level: number }[] = [];
  let inLabel = false;
  walk(xml, {
    open(name, attributes) {
      if (name === 'navpoint') open.push({ label: '', href: '', level: open.length + 1 });
      if (name === 'navlabel') inLabel = true;
      if (name === 'content' && open.length > 0) {
        const resolved = attributes.src ? resolveHref(ncxPath, attributes.src) : undefined;
        const point = open.at(-1)!;
        if (resolved) point.href = resolved.fragment ? `${resolved.path}#${resolved.fragment}` : resolved.path;
        // an entry is listed once its place is known, so parents come before their children
        const label = collapse(point.label);
        if (label) toc.push({ label, href: point.href, level: point.level });
      }
    },
    text(text) {
      const point = open.at(-1);
      if (inLabel && point) point.label += text;
    },
    close(name) {
      if (name === 'navlabel') inLabel = false;
      if (name === 'navpoint') open.pop();
    },
  });
  return toc;
}

/** Reads an EPUB archive; throws EpubError when it is not one a reader can open. */
export function openEpub(bytes: Uint8Array): EpubBook {
  const sizes = new Map<string, { size: number; compression: number }>();
  let container: Uint8Array | undefined;
  try {
    container = unzipSync(bytes, {
      filter: (file) => {
        sizes.set(file.name, { size: file.originalSize, compression: file.compression });
        return file.name === CONTAINER;
      },
    })[CONTAINER];
  } catch (error) {
    throw new EpubError(`not a readable zip archive: ${(error as Error).message}`);
  }

  const read = (path: string): Uint8Array | undefined => {
    const entry = sizes.get(path);
    if (!entry || entry.size > MAX_RESOURCE_BYTES || (entry.compression !== 0 && entry.compression !== 8))
      return undefined;
    return unzipSync(bytes, { filter: (file) => file.name === path })[path];
  };
  const readText = (path: string) => {
    const data = read(path);
    return data && strFromU8(data);
  };

  if (!container) throw new EpubError(`no ${CONTAINER}`);
  const packagePath = packagePathOf(strFromU8(container));
  if (!packagePath) throw new EpubError(`${CONTAINER} names no package document`);
  const packageXml = readText(packagePath);
  if (!packageXml) throw new EpubError(`no package document at ${packagePath}`);
  const opf = readPackage(packageXml, packagePath);
  // encryption.xml itself is never a resource (only the container is served from META-INF):
  // the reader must not undo the obfuscation a second time
  const obfuscated = obfuscatedFonts(sizes.has(ENCRYPTION) ? readText(ENCRYPTION) : undefined, opf);

  const resources = new Map<string, EpubResource>();
  resources.set(CONTAINER, { path: CONTAINER, mediaType: 'application/xml', size: sizes.get(CONTAINER)!.size });
  resources.set(packagePath, {
    path: packagePath,
    mediaType: 'application/oebps-package+xml',
    size: sizes.get(packagePath)!.size,
  });
  for (const item of opf.manifest.values()) {
    const entry = sizes.get(item.path);
    if (!entry || item.path.startsWith('META-INF/')) continue;
    const mediaType = MEDIA_TYPE.test(item.mediaType) ? item.mediaType.toLowerCase() : 'application/octet-stream';
    resources.set(item.path, { path: item.path, mediaType, size: entry.size });
  }

  const spine = opf.spine.flatMap(({ idref, linear }) => {
    const item = opf.manifest.get(idref);
    return item && resources.has(item.path) ? [{ path: item.path, mediaType: item.mediaType, linear }] : [];
  });
  if (spine.length === 0) throw new EpubError('an empty spine');

  const navItem = [...opf.manifest.values()].find(
    (item) => item.properties.includes('nav') && resources.has(item.path),
  );
  const ncxItem = opf.tocId ? opf.manifest.get(opf.tocId) : undefined;
  const ncxPath = ncxItem && resources.has(ncxItem.path) ? ncxItem.path : undefined;
  const navXml = navItem && readText(navItem.path);
  const navigation: Navigation = navXml ? readNav(navXml, navItem.path) : { toc: [], bodymatter: null };
  if (navigation.toc.length === 0 && ncxPath) navigation.toc = readNcx(readText(ncxPath) ?? '', ncxPath);

  const chapter = firstChapter(spine, navigation.bodymatter, readText);
  const structure = [CONTAINER, packagePath, ...(navItem ? [navItem.path] : []), ...(ncxPath ? [ncxPath] : [])];
  const samples = new Map<number, EpubSample>();
  const sampleOf = (chapters: number): EpubSample => {
    // at least the first chapter, whatever is asked (a missing or broken number included)
    const count = Number.isFinite(chapters) ? Math.max(1, Math.min(Math.floor(chapters), spine.length)) : 1;
    const known = samples.get(count);
    if (known) return known;
    // the first chapter and the linear content documents after it
    const readable = spine.filter((item) => item.linear && HTML_TYPES.has(item.mediaType));
    const from = Math.max(
      0,
      readable.findIndex((item) => item.path === chapter.path),
    );
    const paths = [chapter.path, ...readable.slice(from + 1).map((item) => item.path)].slice(0, count);
    const included = new Set<string>();
    for (const path of paths) collectDependencies(path, resources, readText, included);
    for (const path of structure) included.add(path);
    const sample = { spine: new Set(paths), resources: included };
    samples.set(count, sample);
    return sample;
  };

  return {
    packagePath,
    metadata: opf.metadata,
    resources,
    spine,
    toc: navigation.toc,
    sample: sampleOf(1),
    sampleOf,
    read(path) {
      if (!resources.has(path)) return undefined;
      // each read inflates fresh bytes, so they are de-obfuscated in place
      const bytes = read(path);
      const font = obfuscated.get(path);
      return bytes && font ? xorObfuscated(bytes, font.algorithm, font.key) : bytes;
    },
  };
}

/**
 * The first chapter: where the `bodymatter` landmark points, else the first linear content
 * document with a chapter's worth of text, else the first with any text, else the first.
 */
function firstChapter(
  spine: EpubSpineItem[],
  bodymatter: string | null,
  readText: (path: string) => string | undefined,
): EpubSpineItem {
  const linear = spine.filter((item) => item.linear && HTML_TYPES.has(item.mediaType));
  const marked = bodymatter ? linear.find((item) => item.path === bodymatter) : undefined;
  if (marked) return marked;
  let withText: EpubSpineItem | undefined;
  for (const item of linear) {
    const length = bodyText(readText(item.path) ?? '').length;
    if (length >= CHAPTER_TEXT) return item;
    if (length > 0) withText ??= item;
  }
  return withText ?? linear[0] ?? (spine[0] as EpubSpineItem);
}

/** Adds `path` and everything it loads (stylesheets, their imports and fonts, images) to `into`. */
function collectDependencies(
  path: string,
  resources: ReadonlyMap<string, EpubResource>,
  readText: (path: string) => string | undefined,
  into: Set<string>,
): void {
  const pending = [path];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    if (into.has(current) || !resources.has(current)) continue;
    into.add(current);
    const { mediaType } = resources.get(current)!;
    const text =
      HTML_TYPES.has(mediaType) || mediaType === 'image/svg+xml' || mediaType === 'text/css'
        ? readText(current)
        : undefined;
    if (text === undefined) continue;
    const references = mediaType === 'text/css' ? cssReferences(text) : documentReferences(text);
    for (const reference of references) {
      const resolved = resolveHref(current, reference);
      if (resolved && !into.has(resolved.path)) pending.push(resolved.path);
    }
  }
}

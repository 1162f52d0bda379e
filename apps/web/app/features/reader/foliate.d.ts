/**
 * The parts of foliate-js (plain ES modules without types) the reader uses; see its README for
 * the book and renderer interfaces. Pinned to 1.0.1 (ADR 023): its API is not promised stable.
 */
declare module 'foliate-js/view.js' {
  export interface FoliateSection {
    /** the section's archive path */
    id: string;
    linear?: string;
    size: number;
    load(): Promise<string> | string;
    createDocument?: () => Promise<Document>;
  }
  export interface FoliateResolved {
    index: number;
    anchor: (doc: Document) => Element | Range | number | null;
  }
  export interface FoliateBook {
    sections: FoliateSection[];
    dir?: string;
    resolveHref(href: string): FoliateResolved | null;
    destroy?(): void;
  }
  export interface FoliateLocation {
    fraction: number;
    location?: { current: number; next: number; total: number };
    tocItem?: { label: string; href: string } | null;
    section?: { current: number; total: number };
    cfi: string;
    range: Range;
  }
  export interface FoliateRenderer extends HTMLElement {
    readonly atEnd: boolean;
    /** the flow is `scrolled` (not paginated) */
    readonly scrolled: boolean;
    /** where the view starts, its size and the whole section's size, along the reading axis (px) */
    readonly start: number;
    readonly size: number;
    readonly viewSize: number;
    setStyles(css: string | [string, string]): void;
    getContents(): { index: number; doc: Document }[];
  }
  export type SearchYield =
    | 'done'
    | { progress: number }
    | { label: string; subitems: { cfi: string; excerpt: { pre: string; match: string; post: string } }[] };
  export class View extends HTMLElement {
    book: FoliateBook;
    renderer: FoliateRenderer;
    open(book: FoliateBook): Promise<void>;
    close(): void;
    init(options: { lastLocation?: string | null; showTextStart?: boolean }): Promise<void>;
    goTo(target: string | number): Promise<FoliateResolved | undefined>;
    goLeft(): Promise<void>;
    goRight(): Promise<void>;
    prev(): Promise<void>;
    next(): Promise<void>;
    addAnnotation(annotation: { value: string }, remove?: boolean): Promise<unknown>;
    deleteAnnotation(annotation: { value: string }): Promise<unknown>;
    getCFI(index: number, range: Range): string;
    search(options: { query: string }): AsyncGenerator<SearchYield>;
    clearSearch(): void;
    deselect(): void;
  }
}

declare module 'foliate-js/epub.js' {
  import type { FoliateBook } from 'foliate-js/view.js';
  export class EPUB {
    constructor(loader: {
      loadText(name: string): Promise<string | null>;
      loadBlob(name: string): Promise<Blob | null>;
      getSize(name: string): number;
    });
    init(): Promise<FoliateBook>;
  }
}

declare module 'foliate-js/overlayer.js' {
  export class Overlayer {
    static highlight(rects: DOMRect[], options?: { color?: string }): SVGElement;
  }
}

declare module 'foliate-js/footnotes.js' {
  import type { FoliateBook, View } from 'foliate-js/view.js';
  export class FootnoteHandler extends EventTarget {
    handle(book: FoliateBook, event: CustomEvent<{ a: Element; href: string }>): Promise<void> | undefined;
  }
  export interface FootnoteRender {
    view: View;
    href: string;
  }
}

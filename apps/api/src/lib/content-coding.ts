export type ContentCoding = 'br' | 'gzip';

/** Whether an Accept-Encoding header takes `coding` (named, or `*`, with a non-zero q). */
export function acceptsCoding(header: string | string[] | undefined, coding: ContentCoding): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let named: boolean | null = null;
  let any = false;
  for (const entry of value.split(',')) {
    const [name = '', ...params] = entry.toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === coding) named = allowed;
    else if (name.trim() === '*') any = allowed;
  }
  return named ?? any;
}

/** The coding to answer with: brotli when taken, else gzip, else none. */
export function preferredCoding(header: string | string[] | undefined): ContentCoding | null {
  if (acceptsCoding(header, 'br')) return 'br';
  return acceptsCoding(header, 'gzip') ? 'gzip' : null;
}

import { DomUtils, parseDocument } from 'htmlparser2';

const MAX_TEXT = 20_000;

/**
 * An HTML description (a feed's, a publisher's) as plain text: tags dropped, entities decoded,
 * whitespace folded, paragraphs kept as blank lines, at most `max` characters. htmlparser2
 * reads no DTD, so an entity the text declares is neither fetched nor expanded.
 */
export function plainText(html: string, max = MAX_TEXT): string {
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim().slice(0, max);
  const document = parseDocument(html.replace(/<\s*br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '</p>\n'));
  return DomUtils.textContent(document)
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim()
    .slice(0, max);
}

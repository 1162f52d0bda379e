import { serializeJsonLd, type JsonLd as JsonLdData } from '~/lib/structured-data';

/**
 * Structured data in the page body. A `application/ld+json` script is data, never executed, so
 * the CSP nonce is not needed.
 */
export function JsonLd({ data }: { data: JsonLdData | JsonLdData[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

import { createHash } from 'node:crypto';

/**
 * Font obfuscation (EPUB 3 OCF, "Resource obfuscation"): a publisher may XOR the start of an
 * embedded font with a key made from the book's identifier, and list it in
 * `META-INF/encryption.xml`. Browsers refuse such a font ("OTS parsing error"), so the server
 * undoes it before serving the font. Both algorithms in use are known here:
 *
 * - IDPF (`http://www.idpf.org/2008/embedding`): the key is the SHA-1 of the package's unique
 *   identifier with its whitespace removed; the first 1040 bytes are XORed with it.
 * - Adobe (`http://ns.adobe.com/pdf/enc#RC`): the key is the 16 bytes of the `urn:uuid:`
 *   identifier's hex digits; the first 1024 bytes are XORed with it.
 *
 * Any other algorithm is real encryption, which this store neither holds keys for nor undoes.
 */

export const IDPF_OBFUSCATION = 'http://www.idpf.org/2008/embedding';
export const ADOBE_OBFUSCATION = 'http://ns.adobe.com/pdf/enc#RC';
export type ObfuscationAlgorithm = typeof IDPF_OBFUSCATION | typeof ADOBE_OBFUSCATION;

const OBFUSCATED_BYTES: Record<ObfuscationAlgorithm, number> = {
  [IDPF_OBFUSCATION]: 1040,
  [ADOBE_OBFUSCATION]: 1024,
};

export const isObfuscation = (algorithm: string): algorithm is ObfuscationAlgorithm =>
  algorithm === IDPF_OBFUSCATION || algorithm === ADOBE_OBFUSCATION;

const UUID = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/i;

/**
 * The key of `algorithm` for a book: `uniqueIdentifier` is the package's unique identifier
 * (IDPF), `identifiers` all of its `dc:identifier`s, the first with a UUID giving Adobe's key.
 * Undefined when the book has no identifier the algorithm can use.
 */
export function obfuscationKey(
  algorithm: ObfuscationAlgorithm,
  uniqueIdentifier: string | null,
  identifiers: readonly string[],
): Uint8Array | undefined {
  if (algorithm === IDPF_OBFUSCATION) {
    // the whitespace OCF names: space, tab, carriage return, line feed
    const id = uniqueIdentifier?.replace(/[ \t\r\n]/g, '');
    return id ? new Uint8Array(createHash('sha1').update(id, 'utf8').digest()) : undefined;
  }
  const uuid = identifiers.map((id) => UUID.exec(id)?.[0]).find(Boolean);
  return uuid ? new Uint8Array(Buffer.from(uuid.replaceAll('-', ''), 'hex')) : undefined;
}

/**
 * XORs the start of `bytes` with `key`, in place: the same call obfuscates and undoes it.
 * Returns `bytes`.
 */
export function xorObfuscated(bytes: Uint8Array, algorithm: ObfuscationAlgorithm, key: Uint8Array): Uint8Array {
  const end = Math.min(bytes.length, OBFUSCATED_BYTES[algorithm]);
  for (let i = 0; i < end; i += 1) bytes[i] = (bytes[i] as number) ^ (key[i % key.length] as number);
  return bytes;
}

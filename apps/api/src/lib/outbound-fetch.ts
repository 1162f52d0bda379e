import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createGunzip, createInflate, createBrotliDecompress } from 'node:zlib';
import type { Readable } from 'node:stream';

/**
 * Fetching a URL someone typed (a podcast's feed) without letting it reach inside: http(s)
 * only, no credentials in the URL, every address the name resolves to checked when the
 * connection is made (so a name cannot resolve to a public address for the check and a private
 * one for the request), redirects followed by hand and checked the same way, a time limit, and
 * a limit on the bytes read after decompression.
 */
export class OutboundRefused extends Error {
  constructor(
    readonly reason:
      'scheme' | 'credentials' | 'address' | 'redirects' | 'too_large' | 'timeout' | 'status' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export interface OutboundOptions {
  /** the sandbox fetches its own local feeds; never in production */
  allowPrivate?: boolean;
  headers?: Record<string, string>;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  /** the URL answered last (after redirects) */
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** loopback, private, link-local, shared, documentation, multicast and reserved ranges */
const inside = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  inside.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  inside.addSubnet(network, prefix, 'ipv6');
}

/** whether an address is one the store may not reach on someone's say-so */
export function isInsideAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return inside.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return inside.check(mapped, 'ipv4');
  return inside.check(address, 'ipv6');
}

/** a lookup that refuses, at connect time, a name resolving to an address inside */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = !allowPrivate && addresses.find((a) => isInsideAddress(a.address));
      if (refused) {
        return callback(
          new OutboundRefused('address', `${hostname} is an internal address (${refused.address})`),
          '',
          0,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('scheme', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('scheme', 'only http(s)');
  if (url.username || url.password) throw new OutboundRefused('credentials', 'credentials in the URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isInsideAddress(host)) {
    throw new OutboundRefused('address', `${host} is an internal address`);
  }
  return url;
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(createGunzip());
  if (encoding === 'deflate') return response.pipe(createInflate());
  if (encoding === 'br') return response.pipe(createBrotliDecompress());
  return response;
}

function once(url: URL, options: Required<Omit<OutboundOptions, 'headers'>> & { headers: Record<string, string> }) {
  return new Promise<OutboundResponse>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'Nomsan/1.0 (+podcasts)', ...options.headers },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const body = decoded(response);
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy();
            body.destroy();
            reject(new OutboundRefused('too_large', `more than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        body.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            url: url.toString(),
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        body.on('error', (error) => reject(new OutboundRefused('network', error.message)));
      },
    );
    const timer = setTimeout(() => request.destroy(new OutboundRefused('timeout', 'took too long')), options.timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new OutboundRefused('timeout', 'took too long')));
    request.on('error', (error) =>
      reject(error instanceof OutboundRefused ? error : new OutboundRefused('network', error.message)),
    );
    request.end();
  });
}

/** GETs `raw` with the guards above; redirects (301, 302, 303, 307, 308) are followed and checked. */
export async function outboundGet(raw: string, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const settings = {
    allowPrivate: options.allowPrivate ?? false,
    headers: options.headers ?? {},
    maxBytes: options.maxBytes ?? 20 * 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxRedirects: options.maxRedirects ?? 5,
  };
  let url = checkUrl(raw, settings.allowPrivate);
  for (let hop = 0; ; hop++) {
    const response = await once(url, settings);
    const location = response.headers.location;
    if (![301, 302, 303, 307, 308].includes(response.status) || !location) return response;
    if (hop >= settings.maxRedirects) throw new OutboundRefused('redirects', 'too many redirects');
    url = checkUrl(new URL(location, url).toString(), settings.allowPrivate);
  }
}

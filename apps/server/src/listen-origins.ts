import type { AddressInfo } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';

const WILDCARDS = new Set(['0.0.0.0', '::']);

const originOf = (address: string, port: number) =>
  address.includes(':') ? `http://[${address}]:${port}` : `http://${address}:${port}`;

/**
 * The origins a browser on this machine or its network can open the store at, when it listens
 * on `addresses`: each bound address, and for a wildcard (0.0.0.0, ::) every address of every
 * interface, plus `localhost`. In embedded mode the CSRF check trusts them all, so a visitor
 * at http://127.0.0.1:3000 or at the machine's LAN address can sign in, not only one at
 * PUBLIC_BASE_URL.
 */
export function listenOrigins(
  /** as `server.addresses()` gives them; a Unix socket (a string) has no origin */
  addresses: readonly (string | Pick<AddressInfo, 'address' | 'port'>)[],
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>,
): string[] {
  const origins = new Set<string>();
  for (const bound of addresses) {
    if (typeof bound === 'string') continue;
    const { address, port } = bound;
    if (!WILDCARDS.has(address)) {
      origins.add(originOf(address, port));
      if (address === '127.0.0.1' || address === '::1') origins.add(`http://localhost:${port}`);
      continue;
    }
    origins.add(`http://localhost:${port}`);
    for (const info of Object.values(interfaces).flat()) {
      // (:: also takes IPv4 connections on a dual-stack system; 0.0.0.0 takes only IPv4)
      if (!info || (address === '0.0.0.0' && info.family !== 'IPv4')) continue;
      // a link-local IPv6 address needs a zone id, which no origin can carry
      if (info.family === 'IPv6' && info.address.toLowerCase().startsWith('fe80:')) continue;
      origins.add(originOf(info.address, port));
    }
  }
  return [...origins];
}

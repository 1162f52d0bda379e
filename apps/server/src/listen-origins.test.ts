import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { listenOrigins } from './listen-origins';

const iface = (address: string, family: 'IPv4' | 'IPv6') => ({ address, family }) as NetworkInterfaceInfo;
const interfaces = {
  lo: [iface('127.0.0.1', 'IPv4'), iface('::1', 'IPv6')],
  eth0: [iface('192.168.1.20', 'IPv4'), iface('fe80::1', 'IPv6'), iface('2001:db8::20', 'IPv6')],
};

describe('listen origins', () => {
  it('names every IPv4 address of the machine, and localhost, for 0.0.0.0', () => {
    expect(listenOrigins([{ address: '0.0.0.0', port: 3000 }], interfaces).sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://192.168.1.20:3000',
      'http://localhost:3000',
    ]);
  });

  it('adds the IPv6 ones for ::, leaving out link-local addresses', () => {
    expect(listenOrigins([{ address: '::', port: 8080 }], interfaces).sort()).toEqual([
      'http://127.0.0.1:8080',
      'http://192.168.1.20:8080',
      'http://[2001:db8::20]:8080',
      'http://[::1]:8080',
      'http://localhost:8080',
    ]);
  });

  it('names a bound address as it is, with localhost for a loopback one', () => {
    expect(listenOrigins([{ address: '127.0.0.1', port: 3000 }], interfaces).sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
    ]);
  });
});

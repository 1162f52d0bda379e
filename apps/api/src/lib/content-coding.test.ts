import { describe, expect, it } from 'vitest';
import { acceptsCoding, preferredCoding } from './content-coding';

describe('content coding', () => {
  it('reads Accept-Encoding as browsers and proxies send it', () => {
    expect(acceptsCoding('gzip, deflate, br, zstd', 'gzip')).toBe(true);
    expect(acceptsCoding('br;q=1.0, gzip;q=0.8', 'gzip')).toBe(true);
    expect(acceptsCoding('br', 'gzip')).toBe(false);
    expect(acceptsCoding('gzip;q=0, *', 'gzip')).toBe(false);
    expect(acceptsCoding('*', 'br')).toBe(true);
    expect(acceptsCoding('identity', 'gzip')).toBe(false);
    expect(acceptsCoding(undefined, 'gzip')).toBe(false);
    expect(acceptsCoding(['br', 'GZIP'], 'gzip')).toBe(true);
  });

  it('prefers brotli, then gzip', () => {
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
    expect(preferredCoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredCoding('deflate')).toBe(null);
  });
});

import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, crc32Shift } from './crc32-combine';

describe('crc32Combine', () => {
  it("gives the concatenation's CRC-32 for parts of any length, empty ones included", () => {
    for (const [a, b] of [
      [0, 0],
      [0, 7],
      [7, 0],
      [1, 1],
      [32, 125_000],
      [125_000, 32],
      [65_536, 3],
      [3, 1_000_003],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      const whole = crc32(Buffer.concat([first, second]));
      // (Node 20's crc32 answers 0 for a buffer over an empty ArrayBuffer: an empty part's CRC is 0 anyway)
      const combined = crc32Combine(a ? crc32(first) : 0, b ? crc32(second) : 0, crc32Shift(b));
      expect(combined, `${a} + ${b} bytes`).toBe(whole);
    }
  });

  it('chains over many parts', () => {
    const parts = Array.from({ length: 40 }, (_, i) => randomBytes((i * 7919) % 3000));
    let crc = 0;
    for (const part of parts) crc = crc32Combine(crc, part.length ? crc32(part) : 0, crc32Shift(part.length));
    expect(crc).toBe(crc32(Buffer.concat(parts)));
  });
});

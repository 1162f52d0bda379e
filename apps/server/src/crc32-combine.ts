/**
 * CRC-32 (the gzip trailer's) of a concatenation from the CRCs of its parts, without reading
 * the bytes again: the method of zlib's crc32_combine_gen/crc32_combine_op. Appending `n` bytes
 * multiplies the CRC so far by x^(8n) modulo the CRC polynomial; that factor depends only on
 * `n`, so a cached page computes it once per piece.
 */

/** the reflected CRC-32 polynomial */
const POLY = 0xedb88320;

/** a * b modulo the polynomial, in the reflected bit order (x^0 is the top bit) */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31 */
const X_POW_2K: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X_POW_2K.push(multiplyModP(X_POW_2K[k - 1]!, X_POW_2K[k - 1]!));

/** The factor that appends `length` bytes (x^(8 * length) modulo the polynomial). */
export function crc32Shift(length: number): number {
  let factor = 0x80000000; // x^0
  let k = 3; // 8 = 2^3 bits a byte
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) factor = multiplyModP(X_POW_2K[k % 32]!, factor);
  }
  return factor;
}

/** CRC-32 of A followed by B, from CRC(A), CRC(B) and crc32Shift(B's length). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

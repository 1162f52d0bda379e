import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipWith, plainWith, splitAtNonce } from './gzip-splice';

const page = (nonce: string) =>
  `<!doctype html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}">` +
  `<title>Цагаан сар</title></head><body>${'<p>Хөвсгөлийн цамхаг — ном</p>'.repeat(400)}` +
  `<script nonce="${nonce}">window.x = 1</script><script type="module" nonce="${nonce}">import("/a.js")</script></body></html>`;

describe('gzip splice', () => {
  it('decompresses to the page with the response’s own nonce, every time', () => {
    const template = splitAtNonce(page('renderNonce0123456789abcdef01234'), 'renderNonce0123456789abcdef01234');
    for (const nonce of ['0f1e2d3c4b5a69788796a5b4c3d2e1f0', 'ffffffffffffffffffffffffffffffff', 'x']) {
      // gunzip checks the trailer's CRC-32 and length, so a wrong one fails here
      expect(gunzipSync(gzipWith(template, nonce)).toString('utf8')).toBe(page(nonce));
    }
  });

  it('compresses about as well as compressing the whole page', () => {
    const nonce = 'renderNonce0123456789abcdef01234';
    // like with like: the splice's cost at the whole page's level
    const spliced = gzipWith(splitAtNonce(page(nonce), nonce, 9), nonce).length;
    const whole = gzipSync(page(nonce), { level: 9 }).length;
    expect(spliced).toBeLessThan(whole + 200);
  });

  it('handles a page without the nonce, and nonces next to each other or at the ends', () => {
    for (const body of ['plain text, no scripts', 'NNtext', 'textNN', 'NNNN', '']) {
      const spliced = splitAtNonce(body, 'NN');
      expect(gunzipSync(gzipWith(spliced, 'abc')).toString()).toBe(body.replaceAll('NN', 'abc'));
      expect(plainWith(spliced, 'abc').toString()).toBe(body.replaceAll('NN', 'abc'));
    }
  });
});

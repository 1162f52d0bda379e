import { describe, expect, it } from 'vitest';
import { retryWaitOf } from './retry-wait';

describe('a refusal that says when to try again', () => {
  it('waits the seconds of Retry-After, with the API message, keyed by the refusal itself', () => {
    const refusal = { ok: false, status: 429, code: 'RATE_LIMITED', message: 'Түр хүлээнэ үү.', retryAfterS: 58 };
    expect(retryWaitOf(refusal)).toEqual({ message: 'Түр хүлээнэ үү.', seconds: 58, key: refusal });
  });

  it('asks no wait of other answers', () => {
    expect(retryWaitOf(undefined)).toBeNull();
    expect(retryWaitOf(null)).toBeNull();
    expect(retryWaitOf({ ok: true, user: {} })).toBeNull();
    expect(retryWaitOf({ ok: false, status: 422, code: 'OTP_INVALID', message: 'Код буруу.', fields: {} })).toBeNull();
    expect(retryWaitOf({ ok: false, status: 429, code: 'RATE_LIMITED', message: 'x', retryAfterS: 0 })).toBeNull();
  });
});

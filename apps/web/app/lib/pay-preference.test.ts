import { describe, expect, it } from 'vitest';
import type { RailName } from '@nomsan/contracts/money';
import { USER_DATA_KEY } from './auth-store';
import { firstWay, lastPaidRail, payChoices, rememberPaidRail } from './pay-preference';

function memoryStorage(user?: number): Storage {
  const data = new Map<string, string>();
  if (user !== undefined) data.set(USER_DATA_KEY, JSON.stringify({ id: user, name: 'Бат' }));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

const paid = (rail: RailName, at: string) => ({ rail, status: 'paid', paid_at: at }) as const;

describe('the way a pay sheet chooses first', () => {
  it('is the most recently used saved card (the first listed), whatever rail was used last', () => {
    const cards = [
      { id: 'unitelConsent0000001', rail: 'unitel' },
      { id: 'newestCard0000000001', rail: 'golomt' },
      { id: 'olderCard00000000001', rail: 'golomt' },
    ];
    expect(firstWay(cards, 'qpay')).toEqual({ cardId: 'newestCard0000000001' });
  });

  it('is the last rail paid with when there is no saved card, and none when neither', () => {
    expect(firstWay([{ id: 'unitelConsent0000001', rail: 'unitel' }], 'socialpay')).toEqual({ rail: 'socialpay' });
    expect(firstWay([], null)).toBeNull();
  });
});

describe('the last rail paid with on this device', () => {
  it('is the rail of the latest payment seen paid, for the member signed in', () => {
    const storage = memoryStorage(7);
    expect(lastPaidRail(storage)).toBeNull();
    rememberPaidRail(paid('hipay', '2026-03-01T10:00:00.000Z'), storage);
    expect(lastPaidRail(storage)).toBe('hipay');
    rememberPaidRail(paid('qpay', '2026-03-02T10:00:00.000Z'), storage);
    expect(lastPaidRail(storage)).toBe('qpay');
  });

  it('is not replaced by an older payment seen later (an old invoice opened)', () => {
    const storage = memoryStorage(7);
    rememberPaidRail(paid('golomt', '2026-03-02T10:00:00.000Z'), storage);
    rememberPaidRail(paid('qpay', '2026-01-01T10:00:00.000Z'), storage);
    expect(lastPaidRail(storage)).toBe('golomt');
  });

  it('keeps neither credits, a carrier, nor payments not paid', () => {
    const storage = memoryStorage(7);
    rememberPaidRail(paid('credits', '2026-03-02T10:00:00.000Z'), storage);
    rememberPaidRail(paid('unitel', '2026-03-02T10:00:00.000Z'), storage);
    rememberPaidRail({ rail: 'qpay', status: 'pending', paid_at: null }, storage);
    rememberPaidRail({ rail: 'qpay', status: 'refunded', paid_at: '2026-03-02T10:00:00.000Z' }, storage);
    expect(lastPaidRail(storage)).toBeNull();
  });

  it('is another member’s on a shared device: not offered', () => {
    const storage = memoryStorage(7);
    rememberPaidRail(paid('upoint', '2026-03-02T10:00:00.000Z'), storage);
    storage.setItem(USER_DATA_KEY, JSON.stringify({ id: 8, name: 'Дорж' }));
    expect(lastPaidRail(storage)).toBeNull();
    rememberPaidRail(paid('qpay', '2026-01-01T10:00:00.000Z'), storage);
    expect(lastPaidRail(storage)).toBe('qpay');
  });

  it('is nothing when nobody is signed in or the kept value is not one', () => {
    const anonymous = memoryStorage();
    rememberPaidRail(paid('qpay', '2026-03-02T10:00:00.000Z'), anonymous);
    expect(lastPaidRail(anonymous)).toBeNull();
    const broken = memoryStorage(7);
    broken.setItem('nomsan:last-rail', '{"user":7,"rail":"cash","at":"2026"}');
    expect(lastPaidRail(broken)).toBeNull();
    broken.setItem('nomsan:last-rail', 'not json');
    expect(lastPaidRail(broken)).toBeNull();
  });
});

describe('what a pay sheet offers', () => {
  it('is the Golomt cards (not a carrier consent), and none when the cards cannot be read', async () => {
    const cards = [
      { id: 'unitelConsent0000001', rail: 'unitel' },
      { id: 'newestCard0000000001', rail: 'golomt' },
    ];
    const offered = await payChoices(() => Promise.resolve(cards), memoryStorage(7));
    expect(offered.cards).toEqual([cards[1]]);
    expect(offered.first).toEqual({ cardId: 'newestCard0000000001' });
    expect((await payChoices(() => Promise.reject(new Error('offline')), memoryStorage(7))).cards).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from './client';

describe('isApiError', () => {
  it('recognises API errors, also from another copy of the class', () => {
    expect(isApiError(new ApiError(404, 'NOT_FOUND', 'Олдсонгүй'))).toBe(true);
    // What a second bundled copy of the class produces: same brand, different constructor.
    const foreign = Object.assign(new Error('x'), { [Symbol.for('nomsan.ApiError')]: true, status: 404 });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(Object.assign(new Error('x'), { name: 'ApiError', status: 404 }))).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});

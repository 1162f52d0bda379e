import { describe, expect, it } from 'vitest';
import { swipeSide } from './page-swipe';

describe('a sideways swipe in the reader', () => {
  it('stands for the arrow on the side the page comes from: a finger moving right is ←, moving left is →', () => {
    expect(swipeSide(120, 10)).toBe('left');
    expect(swipeSide(-120, -10)).toBe('right');
  });

  it('is nothing when it is short or mostly up and down', () => {
    expect(swipeSide(20, 0)).toBeNull();
    expect(swipeSide(-30, 2)).toBeNull();
    expect(swipeSide(80, 60)).toBeNull();
    expect(swipeSide(0, -200)).toBeNull();
  });
});

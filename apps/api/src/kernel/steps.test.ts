import { describe, expect, it } from 'vitest';
import { CompensationError, runFlow } from './steps';

describe('a flow of steps that touch outside systems', () => {
  it('returns what its steps made when every step succeeds, undoing nothing', async () => {
    const undone: string[] = [];
    const result = await runFlow(async (step) => {
      const hold = await step('hold', async () => ({ value: 'hold-1', undo: async () => void undone.push('hold') }));
      const charge = await step('charge', async () => ({
        value: `${hold}:charged`,
        undo: async () => void undone.push('charge'),
      }));
      return charge;
    });
    expect(result).toBe('hold-1:charged');
    expect(undone).toEqual([]);
  });

  it('undoes the completed steps in reverse order when one fails, and throws its error', async () => {
    const undone: string[] = [];
    const failure = new Error('the carrier refused');
    await expect(
      runFlow(async (step) => {
        await step('reserve', async () => ({ value: 1, undo: async () => void undone.push('reserve') }));
        await step('check', async () => ({ value: true }));
        await step('charge', async () => ({ value: 2, undo: async () => void undone.push('charge') }));
        await step('grant', async () => Promise.reject(failure));
      }),
    ).rejects.toBe(failure);
    expect(undone).toEqual(['charge', 'reserve']);
  });

  it('names the steps it could not undo, after trying every one', async () => {
    const undone: string[] = [];
    const error = await runFlow(async (step) => {
      await step('reserve', async () => ({ value: 1, undo: async () => void undone.push('reserve') }));
      await step('charge', async () => ({ value: 2, undo: async () => Promise.reject(new Error('gateway down')) }));
      throw new Error('grant failed');
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompensationError);
    expect((error as CompensationError).failedUndos.map((f) => f.step)).toEqual(['charge']);
    expect(((error as CompensationError).cause as Error).message).toBe('grant failed');
    expect(undone).toEqual(['reserve']);
  });
});

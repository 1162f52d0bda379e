import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced';

interface Row {
  id: number;
  name: string;
}

/** a loader over rows 1..100 that records every batch it is asked for */
function rows() {
  const batches: number[][] = [];
  const read = coalesced(async (ids: number[]) => {
    batches.push(ids);
    return new Map(
      ids.filter((id) => id >= 1 && id <= 100).map((id): [number, Row] => [id, { id, name: `row ${id}` }]),
    );
  });
  return { read, batches };
}

describe('coalesced reads', () => {
  it('reads the keys asked for in one turn of the event loop in one batch (each once), answering each its own', async () => {
    const { read, batches } = rows();
    // three callers that reach the read after different numbers of awaits, as requests do
    const later = async (id: number, hops: number) => {
      for (let i = 0; i < hops; i++) await Promise.resolve();
      return read(id);
    };
    const answers = await Promise.all([read(3), later(7, 2), later(500, 5), read(3)]);
    expect(answers).toEqual([{ id: 3, name: 'row 3' }, { id: 7, name: 'row 7' }, undefined, { id: 3, name: 'row 3' }]);
    expect(batches).toEqual([[3, 7, 500]]);
  });

  it('gathers keys asked from separate callbacks of one turn, and starts a new batch in the next', async () => {
    const { read, batches } = rows();
    const first = await new Promise<(Row | undefined)[]>((resolve) => {
      const answers: Promise<Row | undefined>[] = [];
      // callbacks of one check phase, like the I/O callbacks of one poll phase
      setImmediate(() => answers.push(read(1)));
      setImmediate(() => answers.push(read(2)));
      setImmediate(() => resolve(Promise.all(answers)));
    });
    expect(first.map((row) => row?.id)).toEqual([1, 2]);
    await read(4);
    expect(batches).toEqual([[1, 2], [4]]);
  });

  it('fails every read of a failed batch, and reads again afterwards', async () => {
    let fail = true;
    const read = coalesced(async (ids: number[]) => {
      if (fail) throw new Error('connection lost');
      return new Map(ids.map((id) => [id, { id }]));
    });
    const answers = await Promise.allSettled([read(1), read(2)]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(1)).toEqual({ id: 1 });
  });

  it('splits a turn with more keys than one statement takes', async () => {
    const { read, batches } = rows();
    await Promise.all(Array.from({ length: 100 }, (_, i) => read(i + 1)));
    expect(batches.map((batch) => batch.length)).toEqual([64, 36]);
  });

  it('gathers the reads asked for while a statement is under way into the next one', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const read = coalesced(async (ids: number[]) => {
      batches.push(ids);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return new Map(ids.map((id) => [id, id]));
    });
    const first = read(1);
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    await turn();
    // later turns, while the first statement is out
    const second = read(2);
    await turn();
    const third = read(3);
    await turn();
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, second, third])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });
});

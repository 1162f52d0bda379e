import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir } from '@nomsan/demo/fixtures-dir';
import { FIXTURE_RECORDINGS } from '@nomsan/demo/fixtures/fixture-texts';
import { alignSentences, sentencesOf, silencesOf } from './media.transcript';
import { ffmpegPath } from './media.tools';

describe('read-along timings', () => {
  it('splits a text into sentences', () => {
    expect(sentencesOf('Нэг. Хоёр, гурав! Дөрөв?  Тав…')).toEqual(['Нэг.', 'Хоёр, гурав!', 'Дөрөв?', 'Тав…']);
  });

  it('puts each boundary in the pause nearest to the text’s share, preferring long pauses', () => {
    const silences = [
      { start: 1.9, end: 2.3 }, // between sentences
      { start: 3.7, end: 3.8 }, // a comma
      { start: 5.9, end: 6.3 },
    ];
    const timed = alignSentences(['Нэгдүгээр.', 'Хоёрдугаар, урт өгүүлбэр.', 'Гурав.'], silences, 8);
    expect(timed.map((s) => [s.start, s.end])).toEqual([
      [0, 2.1],
      [2.1, 6.1],
      [6.1, 8],
    ]);
  });

  it("finds the sentences of the demo summary's recording where they are spoken", async () => {
    const recording = FIXTURE_RECORDINGS.find((r) => r.file === 'summary-1.mp3')!;
    const audio = join(fixturesDir(), 'audio', recording.file);
    const silences = await silencesOf(ffmpegPath(), audio);
    const timed = alignSentences(sentencesOf(recording.text), silences, 30.28);
    expect(timed).toHaveLength(6);
    // measured by ear and by the pauses: the second sentence starts about 2.1 s in, the fourth
    // ("Жижиг алхам…") about 14.9 s in, the last about 22.3 s in
    expect(timed[1]!.start).toBeCloseTo(2.1, 0);
    expect(timed[3]!.start).toBeCloseTo(14.9, 0);
    expect(timed[5]!.start).toBeCloseTo(22.3, 0);
  });
});

import { run } from './media.tools';

/*
 * Read-along timings from the recording itself: the sentences of its transcript laid on the
 * pauses the recording has. A speaker (or the speech synthesiser that made the demo's audio)
 * pauses between sentences; each boundary is put in the pause nearest to where the sentence's
 * share of the text says it should be, preferring longer pauses (between sentences) to shorter
 * ones (at commas). Sentence-level, which is what a highlight needs.
 */
/** a sentence and when it is said, in seconds (what `media_asset.transcript` keeps) */
export interface TimedSentence {
  start: number;
  end: number;
  text: string;
}

export interface Silence {
  start: number;
  end: number;
}

/** the sentences of a text: ends at . ! ? … followed by a space */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?…])\s+(?=\S)/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** the pauses of a recording, by ffmpeg's silencedetect */
export async function silencesOf(ffmpeg: string, audio: string): Promise<Silence[]> {
  const output = await run(ffmpeg, [
    '-v',
    'info',
    '-i',
    audio,
    '-af',
    'silencedetect=noise=-35dB:d=0.2',
    '-f',
    'null',
    '-',
  ]);
  const silences: Silence[] = [];
  let start: number | null = null;
  for (const line of output.split('\n')) {
    const began = /silence_start: ([\d.]+)/.exec(line);
    if (began) start = Number(began[1]);
    const ended = /silence_end: ([\d.]+)/.exec(line);
    if (ended && start !== null) {
      silences.push({ start, end: Number(ended[1]) });
      start = null;
    }
  }
  return silences;
}

/** a pause's worth per second of its length, against a second of distance from the prediction */
const LENGTH_WEIGHT = 4;

export function alignSentences(sentences: string[], silences: Silence[], duration: number): TimedSentence[] {
  if (sentences.length === 0) return [];
  const total = sentences.reduce((sum, s) => sum + s.length, 0);
  let acc = 0;
  const predicted = sentences.slice(0, -1).map((s) => {
    acc += s.length;
    return (acc / total) * duration;
  });
  // inner pauses only: one before the first word or after the last is not between sentences
  const pauses = silences.filter((p) => p.start > 0.05 && p.end < duration - 0.05);
  const k = predicted.length;
  const n = pauses.length;
  const boundaries: number[] = [];
  if (n >= k && k > 0) {
    // best increasing choice of k pauses for the k boundaries (dynamic programming)
    const cost = (i: number, j: number) => {
      const pause = pauses[j]!;
      return Math.abs((pause.start + pause.end) / 2 - predicted[i]!) - LENGTH_WEIGHT * (pause.end - pause.start);
    };
    const best: number[][] = Array.from({ length: k }, () => new Array<number>(n).fill(Infinity));
    const from: number[][] = Array.from({ length: k }, () => new Array<number>(n).fill(-1));
    for (let j = 0; j < n; j += 1) best[0]![j] = cost(0, j);
    for (let i = 1; i < k; i += 1) {
      let runMin = Infinity;
      let runAt = -1;
      for (let j = 1; j < n; j += 1) {
        if (best[i - 1]![j - 1]! < runMin) {
          runMin = best[i - 1]![j - 1]!;
          runAt = j - 1;
        }
        if (runAt >= 0) {
          best[i]![j] = runMin + cost(i, j);
          from[i]![j] = runAt;
        }
      }
    }
    let j = best[k - 1]!.indexOf(Math.min(...best[k - 1]!));
    for (let i = k - 1; i >= 0; i -= 1) {
      const pause = pauses[j]!;
      boundaries[i] = (pause.start + pause.end) / 2;
      j = from[i]![j]!;
    }
  } else {
    boundaries.push(...predicted); // too few pauses to tell: the text's proportions
  }
  const round = (x: number) => Math.round(x * 100) / 100;
  return sentences.map((text, i) => ({
    start: round(i === 0 ? 0 : boundaries[i - 1]!),
    end: round(i === k ? duration : boundaries[i]!),
    text,
  }));
}

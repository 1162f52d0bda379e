/**
 * Content similarity between books: each book is a TF-IDF vector over the stems of its Mongolian
 * title and description plus weighted features for its categories, tags, authors and series;
 * books are compared by cosine similarity. Scores are accumulated through an inverted index, and
 * terms that occur in too many books are skipped (they say little and would make this
 * quadratic), so 100 000 books take seconds, not hours.
 */

export interface RelatedDoc {
  id: number;
  text: string;
  /** features with their weight before IDF, e.g. ['c:4', 2] for category 4 */
  features: [string, number][];
}

export interface RelatedOptions {
  /** neighbours kept per book */
  topK: number;
  /** a term in more books than this is ignored */
  maxDocFrequency: number;
}

// Function words and very common words of catalogue blurbs, which say nothing about content.
const STOPWORDS = new Set(
  (
    'болон бол юм нь энэ тэр эдгээр тэдгээр гэж гэх гэсэн гэдэг байна байгаа байсан байдаг бай буюу мөн ба ' +
    'нэг хоёр гурав их бас ч л хүртэл дээр доор тухай түүний түүнийг өөрийн өөрөө бүх бүр хамгийн олон шинэ ' +
    'хэрхэн яаж юу ямар хэн хаана хэзээ хийгээд харин гэвч учир зэрэг тулд шиг мэт биш үгүй тийм ' +
    'ном номын номыг номд зохиол зохиолч уншигч уншигчдад сонсогч хүн хүний хүмүүс хүмүүсийн'
  ).split(' '),
);

const STEM_LENGTH = 6;

/** lower-cased words of three letters or more, cut to a stem (Mongolian adds suffixes) */
export function terms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}]{3,}/gu) ?? [];
  return words.filter((word) => !STOPWORDS.has(word)).map((word) => `w:${word.slice(0, STEM_LENGTH)}`);
}

/** how many documents a pass handles before it lets the process answer other work */
const SLICE = 2000;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Each book's most similar books. Computed in the process that serves requests too (one process
 * runs everything in embedded mode): each pass hands the event loop back every SLICE documents,
 * so 100 000 books take seconds of CPU without holding a request for them.
 */
export async function computeRelated(
  docs: RelatedDoc[],
  options: RelatedOptions,
): Promise<Map<number, { id: number; score: number }[]>> {
  const n = docs.length;
  // 1. raw weights per document, and document frequencies
  const raw: Map<string, number>[] = [];
  for (const [index, doc] of docs.entries()) {
    if (index % SLICE === SLICE - 1) await breathe();
    const weights = new Map<string, number>();
    for (const term of terms(doc.text)) weights.set(term, (weights.get(term) ?? 0) + 1);
    for (const [feature, weight] of doc.features) weights.set(feature, (weights.get(feature) ?? 0) + weight);
    raw.push(weights);
  }
  const df = new Map<string, number>();
  for (const weights of raw) for (const term of weights.keys()) df.set(term, (df.get(term) ?? 0) + 1);

  // 2. term ids for the informative terms, L2-normalised TF-IDF vectors, postings
  const termIds = new Map<string, number>();
  for (const [term, count] of df) if (count > 1 && count <= options.maxDocFrequency) termIds.set(term, termIds.size);
  const vectors: { terms: Int32Array; weights: Float32Array }[] = new Array(n);
  const postingCounts = new Int32Array(termIds.size);
  for (const [index, weights] of raw.entries()) {
    if (index % SLICE === SLICE - 1) await breathe();
    const ids: number[] = [];
    const values: number[] = [];
    for (const [term, tf] of weights) {
      const termId = termIds.get(term);
      if (termId === undefined) continue;
      ids.push(termId);
      values.push((1 + Math.log(tf)) * Math.log(n / (df.get(term) ?? 1)));
    }
    const norm = Math.hypot(...values) || 1;
    vectors[index] = { terms: Int32Array.from(ids), weights: Float32Array.from(values.map((v) => v / norm)) };
    for (const termId of ids) postingCounts[termId] = (postingCounts[termId] ?? 0) + 1;
  }
  const postingStart = new Int32Array(termIds.size + 1);
  for (let t = 0; t < termIds.size; t += 1) postingStart[t + 1] = (postingStart[t] ?? 0) + (postingCounts[t] ?? 0);
  const postingDoc = new Int32Array(postingStart[termIds.size] ?? 0);
  const postingWeight = new Float32Array(postingDoc.length);
  const fill = Int32Array.from(postingStart.subarray(0, termIds.size));
  vectors.forEach((vector, docIndex) => {
    vector.terms.forEach((termId, k) => {
      const at = fill[termId] ?? 0;
      postingDoc[at] = docIndex;
      postingWeight[at] = vector.weights[k] ?? 0;
      fill[termId] = at + 1;
    });
  });

  // 3. for each document, dot products with every document sharing a term; keep the best
  const scores = new Float32Array(n);
  const touched = new Int32Array(n);
  const result = new Map<number, { id: number; score: number }[]>();
  for (const [docIndex, vector] of vectors.entries()) {
    if (docIndex % SLICE === SLICE - 1) await breathe();
    let touchedCount = 0;
    vector.terms.forEach((termId, k) => {
      const weight = vector.weights[k] ?? 0;
      for (let p = postingStart[termId] ?? 0; p < (postingStart[termId + 1] ?? 0); p += 1) {
        const other = postingDoc[p] ?? 0;
        if (other === docIndex) continue;
        if (scores[other] === 0) touched[touchedCount++] = other;
        scores[other] = (scores[other] ?? 0) + weight * (postingWeight[p] ?? 0);
      }
    });
    const best: { id: number; score: number }[] = [];
    for (let i = 0; i < touchedCount; i += 1) {
      const other = touched[i] ?? 0;
      const score = scores[other] ?? 0;
      scores[other] = 0;
      if (best.length < options.topK) {
        best.push({ id: docs[other]?.id ?? 0, score });
        if (best.length === options.topK) best.sort((a, b) => b.score - a.score || a.id - b.id);
      } else if (score > (best[best.length - 1]?.score ?? 0)) {
        best[best.length - 1] = { id: docs[other]?.id ?? 0, score };
        best.sort((a, b) => b.score - a.score || a.id - b.id);
      }
    }
    best.sort((a, b) => b.score - a.score || a.id - b.id);
    result.set(docs[docIndex]?.id ?? 0, best);
  }
  return result;
}

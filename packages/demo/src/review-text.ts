/**
 * Mongolian reader reviews and replies for the demo catalogue.
 *
 * A review is an opening line whose tone follows the star rating, then a few remarks on the
 * aspects that fit the item (story, narration, translation, length, value ...) and sometimes a
 * recommendation. Names are declined nowhere: a template only ever puts a name, or a title in
 * «quotes», where the nominative reads naturally ('Уншигч Б. Болд маш сайхан уншжээ.').
 */

import type { Genre } from './catalogue-text';
import type { Rng } from './random';

export const STAFF_NAME = 'Номсан баг';

// ---------------------------------------------------------------------------------------------
// Reviewer names: what people type into a name box, not their passport names

const NICKNAMES: readonly string[] = [
  'Батаа',
  'Сараа',
  'Болороо',
  'Мөнхөө',
  'Дулмаа',
  'Туяа',
  'Оюунаа',
  'Ганаа',
  'Цэцгээ',
  'Нараа',
  'Энхээ',
  'Эрдэнээ',
  'Бямбаа',
  'Даваа',
  'Дэлгэрээ',
  'Сүхээ',
  'Очироо',
  'Пүрэвээ',
  'Төгсөө',
  'Лхамаа',
  'Золоо',
  'Хонгороо',
  'Тэмүүжин',
  'Хулан',
  'Номин',
  'Анударь',
  'Мишээл',
  'Ану',
  'Саруул',
  'Билгүүн',
  'Тэлмэн',
  'Оргил',
  'Золбоо',
  'Уянга',
  'Индра',
  'Мандах',
  'Жаргал',
  'Ариунзаяа',
  'Хишгээ',
  'Маралмаа',
  'Ундраа',
  'Баярмаа',
  'Тэнгис',
  'Цолмон',
  'Амараа',
  'Ганбаатар',
  'Энхжаргал',
  'Нарантуяа',
  'Отгонбаяр',
  'Мягмарсүрэн',
];

const INITIALS: readonly string[] = [
  'Б',
  'Д',
  'Г',
  'С',
  'Ц',
  'Т',
  'М',
  'Н',
  'Л',
  'Э',
  'П',
  'Ж',
  'О',
  'Х',
  'Ч',
  'Ш',
  'А',
  'У',
];

/** 'Батаа', 'Сараа Б.' or now and then 'Б. Сараа'. */
export function reviewerName(rng: Rng): string {
  const name = rng.pick(NICKNAMES);
  const roll = rng.next();
  if (roll < 0.55) return name;
  if (roll < 0.9) return `${name} ${rng.pick(INITIALS)}.`;
  return `${rng.pick(INITIALS)}. ${name}`;
}

// ---------------------------------------------------------------------------------------------
// Reviews

type Tone = 'great' | 'good' | 'mixed' | 'bad';

export interface ReviewSubject {
  kind: 'book' | 'summary';
  /** the title to quote, null when it is not Mongolian (English books) */
  title: string | null;
  genre: Genre;
  /** the narrator's name when the item has audio */
  narrator: string | null;
  translated: boolean;
  ebook: boolean;
}

function toneOf(rating: number): Tone {
  if (rating >= 5) return 'great';
  if (rating === 4) return 'good';
  if (rating === 3) return 'mixed';
  return 'bad';
}

function openings(tone: Tone, subject: ReviewSubject): string[] {
  const t = subject.title;
  if (subject.kind === 'summary') {
    const titled: Record<Tone, string[]> = {
      great: [
        `«${t}» номын товчлол маш хэрэгтэй байлаа.`,
        `«${t}» номын гол санааг ийм товч, ойлгомжтой гаргасан нь гайхалтай.`,
      ],
      good: [`«${t}» номын товчлол сайн болжээ.`, `«${t}» номын товчлолыг сонирхолтой сонслоо.`],
      mixed: [`«${t}» номын товчлол дунд зэрэг санагдлаа.`],
      bad: [`«${t}» номын товчлолоос илүү ихийг хүлээж байсан.`],
    };
    const plain: Record<Tone, string[]> = {
      great: ['Маш хэрэгтэй товчлол байна.', 'Сүүлийн үед сонссон хамгийн хэрэгтэй товчлол.'],
      good: ['Сайн товчлол байна.', 'Хэрэгтэй санаа олон байлаа.'],
      mixed: ['Дунд зэргийн товчлол.', 'Зарим санаа нь хэрэгтэй, зарим нь хэтэрхий ерөнхий.'],
      bad: ['Энэ товчлол надад тус болсонгүй.', 'Хэт өнгөц товчлол санагдлаа.'],
    };
    return t ? [...titled[tone], ...plain[tone]] : plain[tone];
  }
  const titled: Record<Tone, string[]> = {
    great: [
      `«${t}» бол миний сүүлийн үед уншсан хамгийн сайхан ном.`,
      `«${t}» номыг нэг амьсгаагаар уншиж дуусгалаа.`,
      `«${t}» номыг олон хүн магтдаг нь дэмий биш юм байна.`,
    ],
    good: [`«${t}» номыг ерөнхийдөө их сонирхолтой уншлаа.`, `«${t}» сайхан ном байна.`],
    mixed: [`«${t}» номоос арай илүүг хүлээж байсан.`, `«${t}» муу ном биш, гэхдээ онцгой зүйл олж харсангүй.`],
    bad: [`«${t}» номоос их зүйл хүлээж байсан ч урам хугарлаа.`, `Харамсалтай нь «${t}» надад огт таалагдсангүй.`],
  };
  const plain: Record<Tone, string[]> = {
    great: [
      'Үнэхээр гайхалтай ном байна!',
      'Удаан хүлээсэн номоо эцэст нь уншлаа, урмыг минь огт хугалсангүй.',
      'Ийм сайхан ном уншсандаа баяртай байна.',
    ],
    good: ['Сайхан ном байна.', 'Сэтгэлд хүрсэн ном байлаа.', 'Сайн ном, цаг гаргаж уншихад гарз болохгүй.'],
    mixed: ['Дунд зэргийн ном санагдлаа.', 'Эхлэл нь сонирхолтой байсан ч дундаас нь уйтгартай болсон.'],
    bad: [
      'Харамсалтай нь надад таалагдсангүй.',
      'Дуусгаж чадсангүй, хагаст нь орхисон.',
      'Өндөр үнэлгээг нь хараад авсан ч хүлээлтэд хүрсэнгүй.',
    ],
  };
  return t ? [...titled[tone], ...plain[tone]] : plain[tone];
}

/** Remarks on one aspect: [praise, criticism]. */
type Aspect = readonly [good: readonly string[], bad: readonly string[]];

const STORY: Aspect = [
  [
    'Үйл явдал нь эхнээсээ л татаад, дуустал нь тавьж чадсангүй.',
    'Дүрүүд нь амьд, жинхэнэ хүмүүс шиг санагдсан.',
    'Төгсгөл нь гэнэтийн бөгөөд сэтгэл хөдөлгөм байлаа.',
    'Зохиолчийн хэл найруулга үнэхээр баялаг юм.',
  ],
  [
    'Үйл явдал нь удаан өрнөж, дундуур нь уйдаж эхэлсэн.',
    'Төгсгөл нь хэтэрхий яаруу болсон юм шиг санагдсан.',
    'Дүрүүд нь арай нэг хэвийн санагдсан.',
    'Зарим хэсэг нь хэт сунжирсан.',
  ],
];

const POETRY: Aspect = [
  ['Шүлэг бүр нь сэтгэлд хоногшмоор сайхан.', 'Хэдэн шүлгийг нь цээжилчихлээ.'],
  ['Зарим шүлэг нь надад ойлгомжгүй санагдсан.', 'Шүлгүүд нь хоорондоо хэт төстэй санагдлаа.'],
];

const CONTENT: Aspect = [
  [
    'Практик зөвлөгөө ихтэй, шууд хэрэгжүүлж болохоор.',
    'Энгийн ойлгомжтой хэлээр бичсэн нь таалагдсан.',
    'Олон шинэ зүйл мэдэж авлаа.',
    'Жишээнүүд нь амьдралаас авсан, ойлгоход хялбар.',
  ],
  [
    'Ихэнх санаа нь өмнө нь сонссон зүйлс байсан.',
    'Зарим бүлэг нь давтагдаад байгаа юм шиг санагдсан.',
    'Жишээнүүд нь манай нөхцөлд төдийлөн тохирохгүй.',
    'Онол ихтэй, бодит зөвлөгөө цөөн.',
  ],
];

/** Character voices are praised only where there are characters. */
function narration(narrator: string, story: boolean): Aspect {
  return [
    [
      `Уншигч ${narrator} маш сайхан уншжээ.`,
      story
        ? `Уншигч ${narrator} дүр бүрийг өөр өөрөөр амилуулсан нь гайхалтай.`
        : `Уншигч ${narrator} ойлгомжтой, тайван хоолойгоор уншжээ.`,
      'Уншлага нь тод, хэмнэл нь яг тохирсон.',
      'Аудио хувилбарыг нь машин дотроо сонсоход их таатай байлаа.',
    ],
    [
      'Уншлага нь арай хурдан, заримдаа үг нь ойлгогдохгүй байсан.',
      `Уншигч ${narrator} сайн уншсан ч хэмнэл нь надад удаан санагдсан.`,
      'Зарим бүлгийн дууны чанар жигд биш байсан.',
      'Уншигчийн хоолой нэг хэвийн, сонсож байхад нойр хүрээд байсан.',
    ],
  ];
}

const TRANSLATION: Aspect = [
  ['Орчуулга нь их сайн, уншихад огт саадгүй.', 'Орчуулагч эх зохиолын өнгө аясыг сайхан хадгалжээ.'],
  ['Орчуулга нь зарим газраа хэт шууд, өгүүлбэрүүд нь эвгүй санагдсан.', 'Орчуулгын алдаа цөөнгүй таарсан.'],
];

const BOOK_LENGTH: Aspect = [
  ['Урт ном боловч огт уйдсангүй.', 'Хэмжээ нь яг тохиромжтой, хоёр гурван оройд дуусгачихлаа.'],
  ['Хэтэрхий урт, ихэнх хэсгийг нь товчилж болох байсан.', 'Арай богино, илүү дэлгэрэнгүй байгаасай гэж бодсон.'],
];

const SUMMARY_LENGTH: Aspect = [
  ['Ажилдаа явах замдаа сонсоод дуусгачихлаа.', 'Гол санаануудыг товч бөгөөд тодорхой гаргасан байна.'],
  ['Хэт товч, зарим чухал санаа орхигдсон юм шиг.', 'Товчлол нь эх номын гүнийг бүрэн хүргэж чадахгүй байна.'],
];

const BOOK_VALUE: Aspect = [
  ['Үнэдээ хүрэхүйц ном.', 'Хямдралаар авсан, их ашигтай худалдан авалт боллоо.', 'Захиалгадаа багтсан нь их таатай.'],
  ['Үнэ нь арай өндөр санагдлаа.', 'Энэ үнээр өөр илүү сайн ном олдоно.'],
];

const SUMMARY_VALUE: Aspect = [
  ['Захиалгадаа багтсан нь их таатай.', 'Бүтэн ном унших цаг байхгүй үед яг тохирно.'],
  ['Ийм богино товчлолд үнэ нь арай өндөр санагдлаа.'],
];

const CHILDREN: Aspect = [
  [
    'Хүүхэд маань орой бүр энэ номыг сонсож байж унтдаг болсон.',
    'Зураг, өгүүлэмж нь бяцхан хүүхдэд яг тохирсон.',
    'Охин маань дуртай баатруудаа цээжилчихсэн.',
  ],
  ['Дөрвөн настай хүүд маань арай төвөгтэй санагдсан.', 'Хүүхэд маань эхний хэдэн хуудсын дараа сонирхохоо больсон.'],
];

const ENGLISH: Aspect = [
  ['Түвшиндээ яг тохирсон, шинэ үг их сурлаа.', 'Аудиотой нь хамт уншихад дуудлагад маш их тус болсон.'],
  ['Миний түвшинд арай хэцүү байсан.', 'Шинэ үгийн тайлбар байхгүй нь дутагдал санагдсан.'],
];

const EBOOK: Aspect = [
  ['Утсан дээрээ уншихад үсгийн хэмжээ, хуудаслалт нь эвтэйхэн.'],
  ['Цахим хувилбарт нь цөөн хэдэн үсгийн алдаа байсан.'],
];

const NARRATIVE: ReadonlySet<Genre> = new Set(['fiction', 'adventure', 'fantasy']);

function aspectsFor(subject: ReviewSubject): Aspect[] {
  const list: Aspect[] = [];
  if (subject.kind === 'summary') list.push(CONTENT, SUMMARY_LENGTH, SUMMARY_VALUE);
  else if (subject.genre === 'children') list.push(CHILDREN, CHILDREN);
  else if (subject.genre === 'english') list.push(ENGLISH, ENGLISH);
  else if (subject.genre === 'poetry') list.push(POETRY);
  else if (NARRATIVE.has(subject.genre)) list.push(STORY, STORY);
  else list.push(CONTENT, CONTENT);
  // A picture book is never 'too long'.
  if (subject.kind === 'book') list.push(...(subject.genre === 'children' ? [BOOK_VALUE] : [BOOK_LENGTH, BOOK_VALUE]));
  const story = subject.kind === 'book' && (NARRATIVE.has(subject.genre) || subject.genre === 'children');
  if (subject.narrator) list.push(narration(subject.narrator, story));
  if (subject.translated) list.push(TRANSLATION);
  if (subject.kind === 'book' && subject.ebook) list.push(EBOOK);
  return list;
}

function closings(tone: Tone, kind: 'book' | 'summary'): string[] {
  if (tone === 'great' || tone === 'good') {
    return kind === 'book'
      ? [
          'Бүгдэд зөвлөж байна.',
          'Заавал уншаарай!',
          'Энэ зохиолчийн бусад номыг ч бас уншина.',
          'Найздаа бэлэглэхээр дахиад нэгийг авлаа.',
        ]
      : ['Бүгдэд зөвлөж байна.', 'Заавал сонсоорой!', 'Одоо бүтэн номыг нь уншина.'];
  }
  if (tone === 'mixed')
    return ['Сонирхсон хүн цаг гаргаад үзэхэд болно.', 'Хэн нэгэнд таалагдах байх, харин миний сонголт биш.'];
  return ['Бусдад зөвлөхгүй байна.', 'Мөнгөө үрсэн юм шиг санагдлаа.'];
}

/** A sentence that already concedes something ('... байсан ч ...', 'гэхдээ') takes no 'Гэхдээ'. */
function concedes(sentence: string): boolean {
  return / ч |гэхдээ/i.test(sentence);
}

function butFirst(sentence: string): string {
  return `Гэхдээ ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
}

/** One to four sentences whose tone follows the rating. */
export function reviewBody(rng: Rng, subject: ReviewSubject, rating: number): string {
  const tone = toneOf(rating);
  const length = rng.weighted<number>([
    [1, 20],
    [2, 35],
    [3, 30],
    [4, 15],
  ]);
  const sentences = [rng.pick(openings(tone, subject))];
  const closing = length >= 2 && rng.chance(0.35) ? rng.pick(closings(tone, subject.kind)) : null;
  const aspects = rng.sample(aspectsFor(subject), length - 1 - (closing ? 1 : 0));
  const used = new Set<string>();
  const remark = (aspect: Aspect, praise: boolean): string => {
    const pool = (praise ? aspect[0] : aspect[1]).filter((s) => !used.has(s));
    const sentence = rng.pick(pool.length > 0 ? pool : praise ? aspect[0] : aspect[1]);
    used.add(sentence);
    return sentence;
  };
  const praises: string[] = [];
  const criticisms: string[] = [];
  // A happy reader may still name one flaw; a mixed review weighs both sides.
  const criticismChance = tone === 'great' ? 0.05 : tone === 'good' ? 0.25 : tone === 'mixed' ? 0.55 : 0.9;
  for (const aspect of aspects) {
    if (rng.chance(criticismChance)) criticisms.push(remark(aspect, false));
    else praises.push(remark(aspect, true));
  }
  sentences.push(...praises);
  // 'Гэхдээ' after praise only, and never at the start of a review that opens on a complaint.
  const opening = sentences[0] as string;
  criticisms.forEach((sentence, i) =>
    sentences.push(
      i === 0 && praises.length > 0 && tone !== 'bad' && !concedes(opening) && !concedes(sentence)
        ? butFirst(sentence)
        : sentence,
    ),
  );
  if (closing) sentences.push(closing);
  return sentences.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Replies

const STAFF_THANKS: readonly string[] = [
  'Сэтгэгдэл үлдээсэн танд баярлалаа! Цаашид ч сайхан ном уншаарай.',
  'Таалагдсанд баяртай байна. Энэ төрлийн шинэ бүтээлүүдийг удахгүй нэмнэ.',
  'Баярлалаа! Таны сэтгэгдэл бусад уншигчдад сонголт хийхэд их тус болно.',
  'Халуун сэтгэгдэлд тань баярлалаа. Зохиогчдод заавал дамжуулъя.',
];

const STAFF_ANSWERS: readonly string[] = [
  'Санал бодлоо хуваалцсанд баярлалаа. Таны хэлсэн зүйлсийг хэвлэлийн газарт дамжуулна.',
  'Хүлээлтэд тань хүрээгүйд уучлаарай. Худалдан авалттай холбоотой асуудлаар тусламжийн төвд хандаарай.',
  'Баярлалаа, таны тэмдэглэсэн алдааг засаж, шинэчилсэн хувилбарыг удахгүй байршуулна.',
  'Шүүмжлэлт санал тань бидэнд их хэрэгтэй. Цаашид илүү сайн бүтээл хүргэхийг хичээнэ.',
];

const NARRATION_TIP = 'Сайн байна уу! Тоглуулагчийн тохиргооноос уншлагын хурдыг өөрчилж сонсох боломжтой шүү.';

/** A polite answer from the Nomsan team: thanks for praise, an answer to criticism. */
export function staffReply(rng: Rng, rating: number, hasAudio: boolean): string {
  if (rating >= 4) return rng.pick(STAFF_THANKS);
  return rng.pick(hasAudio ? [...STAFF_ANSWERS, NARRATION_TIP] : STAFF_ANSWERS);
}

/** [replies, an optional second sentence for them] */
type ReplyPool = readonly [main: readonly string[], tails: readonly string[]];

const AGREE_WITH_PRAISE: ReplyPool = [
  [
    'Яг санал нэг байна!',
    'Би ч гэсэн их таалагдсан.',
    'Таны сэтгэгдлийг уншаад авахаар шийдлээ.',
    'Зөвлөсөнд баярлалаа, унших жагсаалтдаа нэмлээ.',
  ],
  ['Сэтгэгдэл бичсэнд баярлалаа.', 'Үргэлжлэл нь гарвал заавал авна.'],
];

const DISAGREE_WITH_PRAISE: ReplyPool = [
  [
    'Надад тийм ч их таалагдаагүй, арай хэтрүүлж магтсан юм шиг.',
    'Миний бодлоор дунд зэргийн л юм билээ.',
    'Би бол дуусгаж чадаагүй ээ, надад удаан санагдсан.',
  ],
  ['Гэхдээ хүн бүрийн амт өөр байх.'],
];

const AGREE_WITH_CRITICISM: ReplyPool = [
  [
    'Би ч гэсэн яг ийм бодолтой үлдсэн.',
    'Зөв хэлж байна, би ч бас урам хугарсан.',
    'Санал нэг байна, үнэлгээ нь хэтэрхий өндөр байгаа юм.',
  ],
  ['Үнэнээр нь бичсэнд баярлалаа.'],
];

const DISAGREE_WITH_CRITICISM: ReplyPool = [
  [
    'Харин надад их таалагдсан шүү, дахиад нэг боломж олгоод үзээрэй.',
    'Сүүлийн хэсэг нь хамгийн сонирхолтой нь, заавал дуусгаарай.',
    'Би эсрэгээрээ бодож байна, надад их хэрэгтэй санагдсан.',
  ],
  ['Хүн бүр өөр өөрөөр хүлээж авдаг байх.'],
];

/** Another reader agreeing or disagreeing with the review, in one or two sentences. */
export function readerReply(rng: Rng, rating: number, agree: boolean): string {
  const praised = rating >= 4;
  const [main, tails] = praised
    ? agree
      ? AGREE_WITH_PRAISE
      : DISAGREE_WITH_PRAISE
    : agree
      ? AGREE_WITH_CRITICISM
      : DISAGREE_WITH_CRITICISM;
  const sentence = rng.pick(main);
  return rng.chance(0.3) ? `${sentence} ${rng.pick(tails)}` : sentence;
}

/**
 * Mongolian word lists and sentence templates for the demo catalogue.
 *
 * Mongolian declines nouns, so a template cannot just glue a suffix onto any word: vowel
 * harmony and stem changes ('захидал' -> 'захидлын') decide the ending. Every noun that a
 * template puts in the genitive is therefore stored with its genitive form written out.
 */

import type { Rng } from './random';

/** A noun with its genitive ('тал', 'талын'). */
export type Noun = readonly [nominative: string, genitive: string];

export type Genre =
  | 'fiction'
  | 'history'
  | 'business'
  | 'psychology'
  | 'children'
  | 'science'
  | 'selfhelp'
  | 'biography'
  | 'poetry'
  | 'adventure'
  | 'fantasy'
  | 'health'
  | 'english'
  | 'family'
  | 'philosophy'
  | 'finance';

export interface CategoryText {
  genre: Genre;
  title: string;
  /** genitive, lower-case, for phrases such as 'бизнесийн шилдэг таван ном' */
  genitive: string;
}

export const CATEGORY_TEXTS: readonly CategoryText[] = [
  { genre: 'fiction', title: 'Уран зохиол', genitive: 'уран зохиолын' },
  { genre: 'history', title: 'Түүх', genitive: 'түүхийн' },
  { genre: 'business', title: 'Бизнес', genitive: 'бизнесийн' },
  { genre: 'psychology', title: 'Сэтгэл зүй', genitive: 'сэтгэл зүйн' },
  { genre: 'children', title: 'Хүүхдийн ном', genitive: 'хүүхдийн номын' },
  { genre: 'science', title: 'Шинжлэх ухаан', genitive: 'шинжлэх ухааны' },
  { genre: 'selfhelp', title: 'Өөрийгөө хөгжүүлэх', genitive: 'өөрийгөө хөгжүүлэх' },
  { genre: 'biography', title: 'Намтар', genitive: 'намтрын' },
  { genre: 'poetry', title: 'Яруу найраг', genitive: 'яруу найргийн' },
  { genre: 'adventure', title: 'Адал явдал', genitive: 'адал явдлын' },
  { genre: 'fantasy', title: 'Уран зөгнөл', genitive: 'уран зөгнөлийн' },
  { genre: 'health', title: 'Эрүүл мэнд', genitive: 'эрүүл мэндийн' },
  { genre: 'english', title: 'Англи хэл', genitive: 'англи хэлний' },
  { genre: 'family', title: 'Гэр бүл, хүмүүжил', genitive: 'гэр бүл, хүмүүжлийн' },
  { genre: 'philosophy', title: 'Гүн ухаан', genitive: 'гүн ухааны' },
  { genre: 'finance', title: 'Санхүү', genitive: 'санхүүгийн' },
];

/** How often each genre appears among Mongolian-language books. */
export const GENRE_WEIGHTS: readonly (readonly [Genre, number])[] = [
  ['fiction', 16],
  ['history', 7],
  ['business', 7],
  ['psychology', 7],
  ['children', 9],
  ['science', 5],
  ['selfhelp', 9],
  ['biography', 5],
  ['poetry', 4],
  ['adventure', 6],
  ['fantasy', 6],
  ['health', 5],
  ['family', 4],
  ['philosophy', 3],
  ['finance', 5],
];

export const NARRATIVE_GENRES: ReadonlySet<Genre> = new Set(['fiction', 'poetry', 'children', 'adventure', 'fantasy']);

/** A genre a book may carry as its second category. */
export const RELATED_GENRES: Readonly<Partial<Record<Genre, readonly Genre[]>>> = {
  fiction: ['adventure', 'history'],
  adventure: ['fiction', 'children'],
  fantasy: ['fiction', 'adventure'],
  psychology: ['selfhelp', 'family', 'health'],
  selfhelp: ['psychology', 'business'],
  business: ['finance', 'selfhelp'],
  finance: ['business'],
  biography: ['history'],
  history: ['biography'],
  health: ['psychology'],
  family: ['psychology', 'children'],
  philosophy: ['psychology'],
  science: ['health'],
};

export const TAG_NAMES: readonly string[] = [
  'Бестселлер',
  'Шинэ ном',
  'Монгол зохиолч',
  'Орчуулгын ном',
  'Сонгодог зохиол',
  'Богино өгүүллэг',
  'Роман',
  'Хайр дурлал',
  'Нууцлаг',
  'Дайн ба энх',
  'Нүүдэлчин соёл',
  'Манлайлал',
  'Хөрөнгө оруулалт',
  'Сэтгэл санаа',
  'Дадал зуршил',
  'Эцэг эхчүүдэд',
  'Өсвөр насныханд',
  'Унтахын өмнөх үлгэр',
  'Сансар огторгуй',
  'Байгаль орчин',
  'Их хаадын үе',
  'Эрүүл хооллолт',
  'Бясалгал',
  'Аялал',
  'Шагналт бүтээл',
  'Кино болсон',
];

/** Tags that fit a genre, by name; the generator adds status tags (new, translated ...) itself. */
export const GENRE_TAGS: Readonly<Record<Genre, readonly string[]>> = {
  fiction: ['Роман', 'Хайр дурлал', 'Богино өгүүллэг', 'Нүүдэлчин соёл', 'Кино болсон', 'Шагналт бүтээл'],
  history: ['Их хаадын үе', 'Нүүдэлчин соёл', 'Дайн ба энх'],
  business: ['Манлайлал', 'Хөрөнгө оруулалт', 'Дадал зуршил'],
  psychology: ['Сэтгэл санаа', 'Дадал зуршил', 'Бясалгал'],
  children: ['Унтахын өмнөх үлгэр', 'Эцэг эхчүүдэд', 'Байгаль орчин'],
  science: ['Сансар огторгуй', 'Байгаль орчин'],
  selfhelp: ['Дадал зуршил', 'Манлайлал', 'Сэтгэл санаа'],
  biography: ['Шагналт бүтээл', 'Кино болсон', 'Дайн ба энх'],
  poetry: ['Хайр дурлал', 'Нүүдэлчин соёл', 'Шагналт бүтээл'],
  adventure: ['Аялал', 'Нууцлаг', 'Өсвөр насныханд'],
  fantasy: ['Нууцлаг', 'Өсвөр насныханд', 'Кино болсон'],
  health: ['Эрүүл хооллолт', 'Бясалгал', 'Сэтгэл санаа'],
  english: ['Аялал', 'Богино өгүүллэг', 'Өсвөр насныханд'],
  family: ['Эцэг эхчүүдэд', 'Сэтгэл санаа'],
  philosophy: ['Сэтгэл санаа', 'Бясалгал'],
  finance: ['Хөрөнгө оруулалт', 'Дадал зуршил'],
};

// ---------------------------------------------------------------------------------------------
// People

/** Fathers' names in the genitive, as used in 'Батын Болд'. */
const FATHER_NAMES: readonly string[] = [
  'Батын',
  'Доржийн',
  'Ганбаатарын',
  'Сүхбаатарын',
  'Цэрэнгийн',
  'Болдын',
  'Төмөрийн',
  'Мөнхийн',
  'Баярын',
  'Нямдоржийн',
  'Лхагвын',
  'Энхтөрийн',
  'Пүрэвийн',
  'Дамдингийн',
  'Жамъянгийн',
  'Ганзоригийн',
  'Очирын',
  'Гомбын',
  'Содномын',
  'Батсүхийн',
  'Отгоны',
  'Цогтын',
  'Чулууны',
  'Эрдэнийн',
  'Баатарын',
  'Сүрэнгийн',
  'Шагдарын',
  'Ганбатын',
  'Бямбын',
  'Дашдоржийн',
  'Нарангийн',
  'Хүрэлбаатарын',
  'Дэлгэрийн',
  'Түмэнгийн',
  'Оюуны',
  'Жаргалын',
];

const GIVEN_NAMES: readonly string[] = [
  'Болд',
  'Оюунчимэг',
  'Сарантуяа',
  'Ганбаатар',
  'Энхжаргал',
  'Мөнхбат',
  'Нарантуяа',
  'Батбаяр',
  'Отгонбаяр',
  'Цэцэгмаа',
  'Анужин',
  'Тэмүүлэн',
  'Хулан',
  'Номин',
  'Билгүүн',
  'Сүхбат',
  'Ариунаа',
  'Ундрах',
  'Золзаяа',
  'Эрдэнэбат',
  'Төгөлдөр',
  'Мягмарсүрэн',
  'Алтанцэцэг',
  'Солонго',
  'Гэрэлмаа',
  'Баярмаа',
  'Хишигт',
  'Уянга',
  'Очирбат',
  'Дэлгэрмаа',
  'Амарсанаа',
  'Түвшинбаяр',
  'Ганчимэг',
  'Пүрэвсүрэн',
  'Ууганбаяр',
  'Наранцэцэг',
  'Жаргалсайхан',
  'Мөнхзул',
  'Эрдэнэчимэг',
  'Батзориг',
  'Цолмон',
  'Содбилэг',
  'Энхтуяа',
  'Мишээл',
  'Тэнгис',
  'Бат-Эрдэнэ',
  'Хонгорзул',
  'Лхагвасүрэн',
  'Гантулга',
  'Оюунбилэг',
];

/** Everyday Mongolian names such as 'Батын Болд', with some written as 'Б. Болд'. */
export function mongolianNamePool(rng: Rng): string[] {
  const pairs: (readonly [string, string])[] = [];
  for (const father of FATHER_NAMES) {
    for (const given of GIVEN_NAMES) pairs.push([father, given]);
  }
  const seen = new Set<string>();
  const names: string[] = [];
  for (const [father, given] of rng.sample(pairs, pairs.length)) {
    const initialForm = `${father.charAt(0)}. ${given}`;
    const fullForm = `${father} ${given}`;
    // Two fathers with the same initial would give the same short form: keep the long one then.
    const name = rng.chance(0.3) && !seen.has(initialForm) ? initialForm : fullForm;
    if (seen.has(name)) continue;
    seen.add(name);
    names.push(name);
  }
  return names;
}

interface ForeignNameSet {
  /** genitive of the country, as in 'Францын зохиолч' */
  countryGenitive: string;
  first: readonly string[];
  last: readonly string[];
  familyNameFirst?: boolean;
}

/** Foreign authors and narrators, written in Cyrillic the way Mongolian publishers print them. */
const FOREIGN_NAME_SETS: readonly ForeignNameSet[] = [
  {
    countryGenitive: 'Америкийн',
    first: ['Дэвид', 'Сара', 'Майкл', 'Линда', 'Эмили', 'Роберт', 'Жеймс', 'Хелен'],
    last: ['Кларк', 'Тейлор', 'Миллер', 'Браун', 'Харрис', 'Райт', 'Андерсон', 'Беннет'],
  },
  {
    countryGenitive: 'Английн',
    first: ['Питер', 'Жессика', 'Томас', 'Оливия', 'Жорж', 'Шарлотт'],
    last: ['Холт', 'Стивенсон', 'Эванс', 'Уокер', 'Грин', 'Купер'],
  },
  {
    countryGenitive: 'Францын',
    first: ['Пьер', 'Мари', 'Люк', 'Софи', 'Жан', 'Клэр'],
    last: ['Дюбуа', 'Мартен', 'Бернар', 'Лоран', 'Моро', 'Леруа'],
  },
  {
    countryGenitive: 'Германы',
    first: ['Карл', 'Анна', 'Лукас', 'Хелга', 'Штефан', 'Юлиа'],
    last: ['Шмидт', 'Бергер', 'Фишер', 'Вебер', 'Лоренц', 'Краузе'],
  },
  {
    countryGenitive: 'Японы',
    first: ['Юки', 'Хироши', 'Кэнжи', 'Аяко', 'Такеши', 'Мика'],
    last: ['Сато', 'Танака', 'Ватанабэ', 'Ямада', 'Накамура', 'Кобаяши'],
  },
  {
    countryGenitive: 'Италийн',
    first: ['Марко', 'Жулиа', 'Лука', 'Франческа', 'Паоло'],
    last: ['Моретти', 'Росси', 'Бьянки', 'Романо', 'Коломбо'],
  },
  {
    countryGenitive: 'Солонгосын',
    first: ['Жи Ён', 'Мин Су', 'Сун Хи', 'Хён У', 'Со Ён', 'Жэ Хун'],
    last: ['Ким', 'Пак', 'Ли', 'Чой', 'Жан'],
    familyNameFirst: true,
  },
];

export interface ForeignName {
  name: string;
  countryGenitive: string;
}

export function foreignNamePool(rng: Rng): ForeignName[] {
  const all: ForeignName[] = [];
  for (const set of FOREIGN_NAME_SETS) {
    for (const first of set.first) {
      for (const last of set.last) {
        const name = set.familyNameFirst ? `${last} ${first}` : `${first} ${last}`;
        all.push({ name, countryGenitive: set.countryGenitive });
      }
    }
  }
  return rng.sample(all, all.length);
}

const BIRTH_PLACES: readonly string[] = [
  'Улаанбаатар хотод',
  'Дархан хотод',
  'Эрдэнэт хотод',
  'Ховд аймагт',
  'Увс аймгийн Тэс суманд',
  'Архангай аймгийн Цэцэрлэг суманд',
  'Дорнод аймагт',
  'Өмнөговь аймгийн Даланзадгад суманд',
  'Сэлэнгэ аймагт',
  'Баянхонгор аймагт',
  'Хэнтий аймгийн Биндэр суманд',
  'Завхан аймагт',
  'Говь-Алтай аймагт',
  'Хөвсгөл аймгийн Мөрөн суманд',
];

const STUDIES: readonly string[] = [
  'Монгол Улсын Их Сургуулийг сэтгүүл зүйн мэргэжлээр',
  'Монгол Улсын Их Сургуулийг монгол хэл, уран зохиолын мэргэжлээр',
  'Монгол Улсын Боловсролын Их Сургуулийг түүхийн багш мэргэжлээр',
  'Санхүү эдийн засгийн их сургуулийг эдийн засагч мэргэжлээр',
  'Анагаахын шинжлэх ухааны үндэсний их сургуулийг эмч мэргэжлээр',
  'Монгол Улсын Их Сургуулийг сэтгэл судлаач мэргэжлээр',
  'Шинжлэх ухаан технологийн их сургуулийг инженер мэргэжлээр',
  'Соёл урлагийн их сургуулийг',
  'Москвагийн их сургуулийг физикч мэргэжлээр',
];

const AUTHOR_CAREERS: readonly string[] = [
  'Сэтгүүлч, редактороор олон жил ажилласан.',
  'Их сургуульд багшилж, судалгааны ажил хийдэг.',
  'Монголын Зохиолчдын эвлэлийн гишүүн.',
  'Хувийн компанидаа удирдах албан тушаал хашдаг.',
  'Сонин, сэтгүүлд нийтлэлч хийж байсан.',
  'Орон нутагт олон жил багшилсан туршлагатай.',
];

const AUTHOR_ACHIEVEMENTS: readonly string[] = [
  'Бүтээлүүд нь хэд хэдэн хэлээр орчуулагдсан.',
  'Оны шилдэг зохиолчийн шагнал хүртсэн.',
  'Уншигчдын дунд хамгийн их уншигддаг зохиолчдын нэг.',
  'Хүүхдийн уран зохиолын уралдаанд олон удаа тэргүүлсэн.',
  'Зохиолоор нь кино, жүжиг тавигдсан.',
  'Шүлгүүд нь дуу болж олны хүртээл болсон.',
];

export function mongolianAuthorBio(rng: Rng): string {
  const born = rng.int(1948, 1996);
  const books = rng.pick(['арав гаруй', 'хорь гаруй', 'таван', 'долоон', 'гуч гаруй', 'гурван']);
  return [
    `${born} онд ${rng.pick(BIRTH_PLACES)} төрсөн.`,
    `${rng.pick(STUDIES)} төгссөн.`,
    rng.pick(AUTHOR_CAREERS),
    `Одоогоор ${books} ном хэвлүүлсэн.`,
    rng.pick(AUTHOR_ACHIEVEMENTS),
  ].join(' ');
}

export function foreignAuthorBio(rng: Rng, countryGenitive: string): string {
  const role = rng.pick([
    'зохиолч',
    'зохиолч, сэтгүүлч',
    'зохиолч, их сургуулийн профессор',
    'сэтгэл судлаач',
    'эдийн засагч, зохиолч',
    'түүхч',
    'эмч, зохиолч',
    'эрдэмтэн, зохиолч',
  ]);
  const languages = rng.pick(['хорь', 'гуч', 'дөч', 'тав', 'арав']);
  return [
    `${countryGenitive} ${role}.`,
    `${rng.int(1940, 1988)} онд төрсөн.`,
    `Бүтээлүүд нь ${languages} гаруй хэлээр орчуулагдаж, олон оронд бестселлер болсон.`,
    rng.pick([
      'Олон улсын нэр хүндтэй шагналуудыг хүртсэн.',
      'Монгол уншигчдын дунд ч олон жил эрэлттэй байгаа.',
      'Ном бүрээ олон жилийн судалгаан дээр тулгуурлан бичдэг.',
    ]),
  ].join(' ');
}

export function narratorBio(rng: Rng): string {
  const count = rng.pick(['арав', 'хорь', 'гуч', 'тавь']);
  return [
    rng.pick([
      'Улсын драмын эрдмийн театрын жүжигчин.',
      'Үндэсний олон нийтийн радиогийн хөтлөгч.',
      'Дуу хоолойн жүжигчин, дуу оруулагч.',
      'Хүүхэлдэйн театрын жүжигчин.',
      'Телевизийн мэдээний хөтлөгч асан.',
    ]),
    `Өнөөг хүртэл ${count} гаруй аудио ном уншсан.`,
    rng.pick([
      'Уран зохиолын бүтээлийг онцгой дулаахан өнгөөр уншдаг.',
      'Тод, тайван дуу хоолойгоороо сонсогчдын хайрыг татсан.',
      'Хүүхдийн үлгэрийг дүр бүрийг өөр өнгөөр амилуулж уншдаг.',
      'Соёлын гавьяат зүтгэлтэн.',
    ]),
  ].join(' ');
}

export function englishNarratorBio(rng: Rng, countryGenitive: string): string {
  return [
    `${countryGenitive} дуу хоолойн жүжигчин.`,
    rng.pick([
      'Англи хэл сурагчдад зориулсан олон аудио номыг тод, ойлгомжтой дуудлагаар уншсан.',
      'Радиогийн хөтлөгчөөр арав гаруй жил ажилласан.',
      'Театрын тайзнаас аудио номын студид шилжсэн туршлагатай.',
    ]),
  ].join(' ');
}

export function translatorBio(rng: Rng): string {
  const language = rng.pick(['англи', 'орос', 'герман', 'франц', 'япон', 'солонгос']);
  return [
    `${language.charAt(0).toUpperCase()}${language.slice(1)} хэлнээс орчуулга хийдэг.`,
    `${rng.pick(['Арав', 'Хорь', 'Гуч'])} гаруй номыг монгол хэлэнд хөрвүүлсэн.`,
    rng.pick([
      'Орчуулгын «Алтан үзэг» шагналт.',
      'Их сургуульд орчуулгын онолын хичээл заадаг.',
      'Сонгодог зохиолын орчуулгаараа танигдсан.',
    ]),
  ].join(' ');
}

// ---------------------------------------------------------------------------------------------
// Publishers, series

export const PUBLISHER_NAMES: readonly string[] = [
  'Хөх Тэнгэр хэвлэлийн газар',
  'Мөнгөн Үсэг',
  'Номин Ертөнц',
  'Алтан Гадас хэвлэл',
  'Тал Нутаг паблишинг',
  'Эрдмийн Далай',
  'Говийн Од',
  'Саруул Ухаан',
  'Хангай хэвлэл',
  'Цэнхэр Нуур',
  'Шинэ Үе хэвлэлийн газар',
  'Оньсого ном',
  'Аян хэвлэл',
  'Бяцхан Од хүүхдийн хэвлэл',
];

export function publisherDescription(rng: Rng): string {
  const focus = rng.pick([
    'уран зохиол, яруу найргийн',
    'хүүхдийн болон боловсролын',
    'бизнес, санхүүгийн',
    'түүх, соёлын',
    'орчуулгын болон сонгодог',
    'шинжлэх ухаан, танин мэдэхүйн',
    'сэтгэл зүй, өөрийгөө хөгжүүлэх',
  ]);
  return [
    `${rng.int(1992, 2019)} онд байгуулагдсан бөгөөд ${focus} чиглэлийн ном голлон хэвлэдэг.`,
    `Жил бүр ${rng.pick(['хорь', 'гуч', 'тавь', 'жар'])} гаруй шинэ ном уншигчдад хүргэдэг.`,
    rng.pick([
      'Монгол зохиолчдын шилдэг бүтээлийг дэлхийн уншигчдад таниулах зорилготой.',
      'Номын чанар, хэвлэлийн хийцээрээ олон удаа шагнагдсан.',
      'Дэлхийн бестселлер номыг мэргэжлийн орчуулагчдаар орчуулуулдаг.',
    ]),
  ].join(' ');
}

const SERIES: readonly (readonly [name: string, genre: Genre])[] = [
  ['Тал нутгийн домог', 'fiction'],
  ['Бяцхан судлаач', 'children'],
  ['Их хаадын үе', 'history'],
  ['Мөсөн хаант улс', 'fantasy'],
  ['Амжилтын түлхүүр', 'selfhelp'],
  ['Сонгодог өв', 'fiction'],
  ['Оддын аян', 'fantasy'],
  ['Ухаалаг эцэг эх', 'family'],
  ['Англиар уншъя', 'english'],
  ['Нууцлаг арал', 'adventure'],
  ['Эрүүл амьдрал', 'health'],
  ['Мөнгөний ухаан', 'finance'],
];

/**
 * The series at `index` and the genre of its books: the fixed list first, then numbered
 * continuations ('Тал нутгийн домог: хоёрдугаар цуврал') for big catalogues.
 */
export function seriesAt(index: number): { name: string; genre: Genre } {
  const [base, genre] = SERIES[index % SERIES.length] as readonly [string, Genre];
  const round = Math.floor(index / SERIES.length);
  if (round === 0) return { name: base, genre };
  const word = ORDINAL_WORDS[round];
  return { name: word ? `${base}: ${word} цуврал` : `${base}: ${round + 1}-р цуврал`, genre };
}

const ORDINAL_WORDS: readonly string[] = [
  'нэгдүгээр',
  'хоёрдугаар',
  'гуравдугаар',
  'дөрөвдүгээр',
  'тавдугаар',
  'зургаадугаар',
  'долоодугаар',
  'наймдугаар',
  'есдүгээр',
  'аравдугаар',
  'арван нэгдүгээр',
  'арван хоёрдугаар',
];

/** 'Гуравдугаар' for 3; ordinals above twelve are written with digits ('15-р'). */
export function ordinal(n: number): string {
  const word = ORDINAL_WORDS[n - 1];
  if (!word) return `${n}-р`;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Attributive numerals: 'гурван ном', 'таван ном'. */
export const COUNT_WORDS: Readonly<Record<number, string>> = {
  2: 'хоёр',
  3: 'гурван',
  4: 'дөрвөн',
  5: 'таван',
  6: 'зургаан',
  7: 'долоон',
  8: 'найман',
  9: 'есөн',
  10: 'арван',
  12: 'арван хоёр',
  100: 'зуун',
};

// ---------------------------------------------------------------------------------------------
// Titles

const ADJECTIVES: readonly string[] = [
  'Цагаан',
  'Хөх',
  'Улаан',
  'Хар',
  'Алтан',
  'Мөнгөн',
  'Сүүлчийн',
  'Анхны',
  'Нууц',
  'Мартагдсан',
  'Алс',
  'Чимээгүй',
  'Мөнхийн',
  'Зэрлэг',
  'Хүйтэн',
  'Бяцхан',
  'Ганцаардсан',
  'Хуучин',
  'Гэрэлт',
  'Харанхуй',
  'Шаргал',
  'Цэнхэр',
  'Урт',
  'Тэнүүчилсэн',
  'Нүүдэлчин',
];

const NOUNS: readonly Noun[] = [
  ['сар', 'сарны'],
  ['тэнгэр', 'тэнгэрийн'],
  ['тал', 'талын'],
  ['салхи', 'салхины'],
  ['морь', 'морины'],
  ['нуур', 'нуурын'],
  ['гол', 'голын'],
  ['уул', 'уулын'],
  ['зам', 'замын'],
  ['хот', 'хотын'],
  ['гэр', 'гэрийн'],
  ['од', 'одны'],
  ['шөнө', 'шөнийн'],
  ['өвөл', 'өвлийн'],
  ['хавар', 'хаврын'],
  ['намар', 'намрын'],
  ['зун', 'зуны'],
  ['хаан', 'хааны'],
  ['хатан', 'хатны'],
  ['аялал', 'аяллын'],
  ['дурсамж', 'дурсамжийн'],
  ['захидал', 'захидлын'],
  ['нууц', 'нууцын'],
  ['домог', 'домгийн'],
  ['зүрх', 'зүрхний'],
  ['сүнс', 'сүнсний'],
  ['хаалга', 'хаалганы'],
  ['гүүр', 'гүүрний'],
  ['цэцэг', 'цэцгийн'],
  ['чулуу', 'чулууны'],
  ['говь', 'говийн'],
  ['ой', 'ойн'],
  ['тэнгис', 'тэнгисийн'],
  ['үүр', 'үүрийн'],
  ['бороо', 'борооны'],
  ['цас', 'цасны'],
  ['гал', 'галын'],
  ['чоно', 'чонын'],
  ['бүргэд', 'бүргэдийн'],
  ['дуу', 'дууны'],
  ['хүсэл', 'хүслийн'],
  ['нутаг', 'нутгийн'],
  ['үлгэр', 'үлгэрийн'],
  ['зүүд', 'зүүдний'],
  ['эрэг', 'эргийн'],
  ['гэгээ', 'гэгээний'],
];

const FANTASY_NOUNS: readonly Noun[] = [
  ['луу', 'лууны'],
  ['шидтэн', 'шидтэний'],
  ['хаант улс', 'хаант улсын'],
  ['сэлэм', 'сэлмийн'],
  ['титэм', 'титмийн'],
  ['цамхаг', 'цамхгийн'],
  ['мөс', 'мөсний'],
  ['сүүдэр', 'сүүдрийн'],
  ['эрдэнэ', 'эрдэнийн'],
  ['зөгнөл', 'зөгнөлийн'],
];

const ADVENTURE_NOUNS: readonly Noun[] = [
  ['арал', 'арлын'],
  ['агуй', 'агуйн'],
  ['эрдэнэс', 'эрдэнэсийн'],
  ['аянчин', 'аянчны'],
  ['газрын зураг', 'газрын зургийн'],
  ['хөлөг онгоц', 'хөлөг онгоцны'],
  ['хөндий', 'хөндийн'],
];

const PLACES: readonly Noun[] = [
  ['Хархорум', 'Хархорумын'],
  ['Хөвсгөл', 'Хөвсгөлийн'],
  ['Хэрлэн', 'Хэрлэнгийн'],
  ['Онон', 'Ононы'],
  ['Орхон', 'Орхоны'],
  ['Алтай', 'Алтайн'],
  ['Хангай', 'Хангайн'],
  ['Хэнтий', 'Хэнтийн'],
  ['Увс', 'Увсын'],
  ['Туул', 'Туулын'],
  ['Дорнод', 'Дорнодын'],
  ['Тэрэлж', 'Тэрэлжийн'],
  ['Эрдэнэ зуу', 'Эрдэнэ зуугийн'],
  ['Хамар', 'Хамрын'],
];

/** Nouns one can count in a title: 'Долоон од', 'Мянган шөнө'. */
const COUNTABLE: readonly string[] = ['од', 'шөнө', 'хүсэл', 'захидал', 'зам', 'домог', 'үлгэр', 'нууц'];

const NUMBER_WORDS_FOR_TITLES: readonly string[] = ['Гурван', 'Долоон', 'Есөн', 'Мянган', 'Зуун', 'Хоёр'];

const ANIMALS: readonly Noun[] = [
  ['ботго', 'ботгоны'],
  ['туулай', 'туулайн'],
  ['үнэг', 'үнэгний'],
  ['баавгай', 'баавгайн'],
  ['хулгана', 'хулганы'],
  ['тэмээ', 'тэмээний'],
  ['унага', 'унаганы'],
  ['хэрэм', 'хэрэмний'],
  ['зараа', 'зарааны'],
  ['шувуу', 'шувууны'],
  ['загас', 'загасны'],
  ['ишиг', 'ишигний'],
  ['хурга', 'хурганы'],
  ['тоть', 'тотины'],
  ['бар', 'барын'],
  ['мэлхий', 'мэлхийн'],
];

const KID_ADJECTIVES: readonly string[] = [
  'Бяцхан',
  'Зоригт',
  'Ухаалаг',
  'Сониуч',
  'Хөгжилтэй',
  'Эелдэг',
  'Залхуу',
  'Хөөрхөн',
  'Шаламгай',
  'Ичимхий',
];

const KID_NAMES: readonly string[] = ['Анударь', 'Тэмүүжин', 'Сараа', 'Төгс', 'Марал', 'Хүслэн', 'Нараа'];

const SEASONS: readonly string[] = ['хавар', 'зун', 'намар', 'өвөл'];

/** Nonfiction topics per genre, as [nominative, genitive]. */
export const TOPICS: Readonly<Partial<Record<Genre, readonly Noun[]>>> = {
  business: [
    ['бизнес', 'бизнесийн'],
    ['манлайлал', 'манлайллын'],
    ['борлуулалт', 'борлуулалтын'],
    ['маркетинг', 'маркетингийн'],
    ['стратеги', 'стратегийн'],
    ['хэлэлцээр', 'хэлэлцээрийн'],
    ['инноваци', 'инновацийн'],
    ['баг', 'багийн'],
    ['брэнд', 'брэндийн'],
    ['менежмент', 'менежментийн'],
    ['үйлчилгээ', 'үйлчилгээний'],
  ],
  finance: [
    ['мөнгө', 'мөнгөний'],
    ['санхүү', 'санхүүгийн'],
    ['хөрөнгө оруулалт', 'хөрөнгө оруулалтын'],
    ['хуримтлал', 'хуримтлалын'],
    ['баялаг', 'баялгийн'],
    ['төсөв', 'төсвийн'],
    ['хувьцаа', 'хувьцааны'],
    ['эдийн засаг', 'эдийн засгийн'],
  ],
  psychology: [
    ['сэтгэл хөдлөл', 'сэтгэл хөдлөлийн'],
    ['зан төлөв', 'зан төлөвийн'],
    ['айдас', 'айдсын'],
    ['итгэл', 'итгэлийн'],
    ['харилцаа', 'харилцааны'],
    ['ой санамж', 'ой санамжийн'],
    ['шийдвэр', 'шийдвэрийн'],
    ['сэдэл', 'сэдлийн'],
    ['тархи', 'тархины'],
    ['ганцаардал', 'ганцаардлын'],
  ],
  selfhelp: [
    ['дадал', 'дадлын'],
    ['амжилт', 'амжилтын'],
    ['цаг', 'цагийн'],
    ['зорилго', 'зорилгын'],
    ['бүтээмж', 'бүтээмжийн'],
    ['сахилга бат', 'сахилга батын'],
    ['анхаарал', 'анхаарлын'],
    ['өөрчлөлт', 'өөрчлөлтийн'],
    ['тэвчээр', 'тэвчээрийн'],
    ['хүсэл зориг', 'хүсэл зоригийн'],
  ],
  philosophy: [
    ['амьдрал', 'амьдралын'],
    ['үнэн', 'үнэний'],
    ['эрх чөлөө', 'эрх чөлөөний'],
    ['аз жаргал', 'аз жаргалын'],
    ['мэргэн ухаан', 'мэргэн ухааны'],
    ['оршихуй', 'оршихуйн'],
    ['ёс суртахуун', 'ёс суртахууны'],
  ],
  family: [
    ['хүмүүжил', 'хүмүүжлийн'],
    ['гэр бүл', 'гэр бүлийн'],
    ['эцэг эх', 'эцэг эхийн'],
    ['хүүхэд', 'хүүхдийн'],
    ['өсвөр нас', 'өсвөр насны'],
    ['гэрлэлт', 'гэрлэлтийн'],
  ],
  science: [
    ['орчлон ертөнц', 'орчлон ертөнцийн'],
    ['ген', 'генийн'],
    ['тархи', 'тархины'],
    ['од', 'одны'],
    ['цаг уур', 'цаг уурын'],
    ['хиймэл оюун ухаан', 'хиймэл оюун ухааны'],
    ['физик', 'физикийн'],
    ['тоо', 'тооны'],
    ['хувьсал', 'хувьслын'],
    ['далай', 'далайн'],
    ['эс', 'эсийн'],
    ['гараг', 'гарагийн'],
    ['гэрэл', 'гэрлийн'],
  ],
  health: [
    ['нойр', 'нойрны'],
    ['хооллолт', 'хооллолтын'],
    ['зүрх', 'зүрхний'],
    ['дархлаа', 'дархлааны'],
    ['хөдөлгөөн', 'хөдөлгөөний'],
    ['бясалгал', 'бясалгалын'],
    ['амьсгал', 'амьсгалын'],
    ['стресс', 'стрессийн'],
    ['нуруу', 'нурууны'],
    ['гэдэс', 'гэдэсний'],
  ],
  history: [
    ['Хүннү гүрэн', 'Хүннү гүрний'],
    ['Их Монгол Улс', 'Их Монгол Улсын'],
    ['Юань гүрэн', 'Юань гүрний'],
    ['Торгоны зам', 'Торгоны замын'],
    ['Хархорум', 'Хархорумын'],
    ['Богд хаант Монгол', 'Богд хаант Монголын'],
    ['Чингис хаан', 'Чингис хааны'],
    ['Өгөөдэй хаан', 'Өгөөдэй хааны'],
    ['Хубилай хаан', 'Хубилай хааны'],
    ['Мандухай хатан', 'Мандухай хатны'],
    ['Занабазар', 'Занабазарын'],
    ['Нүүдэлчид', 'Нүүдэлчдийн'],
    ['Алтан Орд', 'Алтан Ордны'],
  ],
};

const PROFESSIONS_GENITIVE: readonly string[] = [
  'эмчийн',
  'багшийн',
  'малчны',
  'уулчны',
  'сэтгүүлчийн',
  'жүжигчний',
  'хөгжимчний',
  'тамирчны',
  'нисгэгчийн',
  'эрдэмтний',
  'зураачийн',
  'бөхийн',
  'уяачийн',
  'дипломатчийн',
];

const MEMOIR_WORDS: readonly string[] = ['дурсамж', 'тэмдэглэл', 'амьдрал', 'замнал', 'захидлууд'];

const BIOGRAPHY_TITLES: readonly string[] = [
  'Миний амьдралын зам',
  'Тал нутгаас сансар хүртэл',
  'Хүүдээ үлдээх үгс',
  'Ээжийн гар',
  'Уулын оройд хүрэх зам',
  'Тайзны арын амьдрал',
  'Зуун жилийн дурсамж',
  'Хувь заяаны замнал',
];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lower(word: string): string {
  return word.charAt(0).toLowerCase() + word.slice(1);
}

export interface TitleIdea {
  title: string;
  /** the topic a nonfiction book is about, used by descriptions and summaries */
  topic: Noun | null;
}

function narrativeNouns(genre: Genre): readonly Noun[] {
  if (genre === 'fantasy') return [...NOUNS, ...FANTASY_NOUNS, ...FANTASY_NOUNS];
  if (genre === 'adventure') return [...NOUNS, ...ADVENTURE_NOUNS, ...ADVENTURE_NOUNS];
  return NOUNS;
}

function literaryTitle(rng: Rng, genre: Genre): string {
  const nouns = narrativeNouns(genre);
  const [noun, nounGen] = rng.pick(nouns);
  const [other] = rng.pick(nouns.filter(([n]) => n !== noun));
  const adjective = rng.pick(ADJECTIVES);
  const form = rng.int(0, 8);
  switch (form) {
    case 0:
    case 1:
      return `${adjective} ${noun}`;
    case 2:
      return `${capitalise(nounGen)} ${other}`;
    case 3:
      return `${capitalise(nounGen)} ${lower(adjective)} ${other}`;
    case 4:
      return `${capitalise(noun)} ба ${other}`;
    case 5:
      return `${rng.pick(NUMBER_WORDS_FOR_TITLES)} ${rng.pick(COUNTABLE)}`;
    case 6:
      return `${rng.pick(PLACES)[1]} ${noun}`;
    case 7:
      return `${adjective} ${nounGen} дор`;
    default:
      return `${capitalise(nounGen)} ${rng.pick(['эрэлд', 'араас', 'төгсгөл', 'эхлэл', 'хүүхэд'])}`;
  }
}

function poetryTitle(rng: Rng): string {
  const [noun, nounGen] = rng.pick(NOUNS);
  switch (rng.int(0, 4)) {
    case 0:
      return `${capitalise(nounGen)} шүлгүүд`;
    case 1:
      return `Миний ${noun}`;
    case 2:
      return `${capitalise(nounGen)} дуун`;
    case 3:
      return `Сэтгэлийн ${noun}`;
    default:
      return `${rng.pick(ADJECTIVES)} ${noun}`;
  }
}

function childrenTitle(rng: Rng, [animal, animalGen]: Noun): string {
  const [otherAnimal] = rng.pick(ANIMALS.filter(([a]) => a !== animal));
  const adjective = rng.pick(KID_ADJECTIVES);
  switch (rng.int(0, 7)) {
    case 0:
      return `${adjective} ${animal}`;
    case 1:
      return `${adjective} ${animalGen} адал явдал`;
    case 2:
      return `${capitalise(animalGen)} анхны ${rng.pick(SEASONS)}`;
    case 3:
      return `${capitalise(animal)} ба ${otherAnimal}`;
    case 4:
      return `Унтахын өмнөх ${rng.pick(['арван', 'долоон', 'таван', 'зуун'])} үлгэр`;
    case 5:
      return `${rng.pick(KID_NAMES)} ба ${lower(adjective)} ${animal}`;
    case 6:
      return `${capitalise(animalGen)} шинэ найз`;
    default:
      return `${capitalise(animalGen)} гэр хаана вэ?`;
  }
}

function historyTitle(rng: Rng, topic: Noun): string {
  const [, gen] = topic;
  return rng.pick([
    `${gen} түүх`,
    `${gen} нууц`,
    `${gen} өв`,
    `${gen} сүүлчийн өдрүүд`,
    `${gen} үеийн дипломат харилцаа`,
    `${gen} зуун жил`,
    `${gen} товчоон`,
  ]);
}

function biographyTitle(rng: Rng): string {
  if (rng.chance(0.35)) return rng.pick(BIOGRAPHY_TITLES);
  return `Нэгэн ${rng.pick(PROFESSIONS_GENITIVE)} ${rng.pick(MEMOIR_WORDS)}`;
}

function nonfictionTitle(rng: Rng, genre: Genre, topic: Noun): string {
  const [noun, gen] = topic;
  const count = rng.pick(['гурван', 'таван', 'долоон', 'арван', 'арван хоёр']);
  const forms = [
    `${capitalise(gen)} ${count} зарчим`,
    `${capitalise(gen)} урлаг`,
    `${capitalise(gen)} нууц`,
    `${capitalise(gen)} гарын авлага`,
    `${capitalise(gen)} сэтгэл зүй`,
    `${capitalise(gen)} үндэс`,
    `${capitalise(gen)} тухай ${count} сургамж`,
    `${capitalise(gen)} хүч`,
    `${capitalise(gen)} шинэ эрин`,
  ];
  if (genre === 'science') forms.push(`${capitalise(gen)} товч түүх`, `${capitalise(noun)} ба бид`);
  if (genre === 'health') forms.push(`Эрүүл ${noun}`, `${capitalise(gen)} эмчилгээ`);
  if (genre === 'finance' || genre === 'business') forms.push(`Ухаалаг ${noun}`);
  return rng.pick(forms);
}

/** A title for a Mongolian-language book of the genre, with its topic when it has one. */
export function bookTitle(rng: Rng, genre: Genre): TitleIdea {
  switch (genre) {
    case 'fiction':
    case 'adventure':
    case 'fantasy':
      return { title: literaryTitle(rng, genre), topic: null };
    case 'poetry':
      return { title: poetryTitle(rng), topic: null };
    case 'children': {
      const animal = rng.pick(ANIMALS);
      return { title: childrenTitle(rng, animal), topic: animal };
    }
    case 'biography':
      return { title: biographyTitle(rng), topic: ['амьдрал', 'амьдралын'] };
    case 'history': {
      const topic = rng.pick(TOPICS.history ?? []);
      return { title: historyTitle(rng, topic), topic };
    }
    default: {
      const topic = rng.pick(TOPICS[genre] ?? TOPICS.selfhelp ?? []);
      return { title: nonfictionTitle(rng, genre, topic), topic };
    }
  }
}

const GENRE_SUBTITLES: Readonly<Partial<Record<Genre, readonly string[]>>> = {
  fiction: ['Роман', 'Тууж', 'Өгүүллэгийн түүвэр', 'Нэгэн гэр бүлийн түүх'],
  adventure: ['Адал явдалт роман', 'Тууж'],
  fantasy: ['Уран зөгнөлт роман', 'Нэгдүгээр дэвтэр'],
  poetry: ['Шүлгийн түүвэр', 'Шүлэг, найраглал'],
  children: ['Зурагт үлгэр', 'Хүүхдийн өгүүллэг'],
  history: ['Шинэ олдвор, шинэ өнцөг', 'Сурвалж бичгүүдээс', 'Он дарааллын товчоон'],
  biography: ['Дурсамж', 'Намтар түүх', 'Амьдралын тэмдэглэл'],
  science: ['Шинжлэх ухааныг энгийн хэлээр', 'Судлаачийн тэмдэглэл', 'Асуулт ба хариулт'],
};

const NONFICTION_SUBTITLES: readonly string[] = [
  'Өдөр тутамд хэрэгжүүлэх арга зүй',
  'Эхлэн суралцагчдад зориулсан гарын авлага',
  'Шинжлэх ухаанд суурилсан хөтөч',
  'Монголын бодит туршлагаас',
  'Амьдралаа өөрчлөх энгийн алхмууд',
  'Хорин жилийн туршлагаас',
  'Залууст зориулсан зөвлөгөө',
  'Асуулт ба хариулт',
  'Мэргэжилтний зөвлөгөө',
];

export function bookSubtitle(rng: Rng, genre: Genre): string | null {
  if (!rng.chance(NARRATIVE_GENRES.has(genre) ? 0.3 : 0.55)) return null;
  return rng.pick(GENRE_SUBTITLES[genre] ?? NONFICTION_SUBTITLES);
}

/**
 * Fixed titles every catalogue starts with, described by hand: search tests and the home page
 * rely on them, and a generated blurb would not fit a classic.
 */
export interface FixedBook {
  title: string;
  subtitle: string | null;
  genre: Genre;
  /** first publication year of a classic; classics get the classic tag */
  classicYear: number | null;
  /** author for classics; null lets the generator pick one */
  author: string | null;
  translated: boolean;
  description: readonly string[];
  /** topic of a nonfiction fixed book, for its summary */
  topic?: Noun;
}

export const FIXED_BOOKS: readonly FixedBook[] = [
  {
    title: 'Цагаан сар',
    subtitle: 'Роман',
    genre: 'fiction',
    classicYear: null,
    author: null,
    translated: false,
    description: [
      'Цагаан сарын өмнөх өдрүүдэд хөдөөний нэгэн айлд олон жил уулзаагүй ах дүүс цуглана.',
      'Битүүний орой яригдсан нэгэн үнэн гэр бүлийн харилцааг бүрмөсөн өөрчилнө.',
      'Уламжлал, уучлал, эх нутгийн дулаан уур амьсгалаар дүүрэн роман.',
    ],
  },
  {
    title: 'Хөх тэнгэрийн дор',
    subtitle: null,
    genre: 'fiction',
    classicYear: null,
    author: null,
    translated: false,
    description: [
      'Говийн нэгэн сумын малчин залуу ган гачигтай жил мал сүргээ аврахын тулд алс холын отор руу нүүнэ.',
      'Байгаль, хүн, хувь заяаны тухай нам гүм атлаа хүчтэй өгүүлэмж.',
    ],
  },
  {
    title: 'Миний нутаг',
    subtitle: 'Шүлгийн түүвэр',
    genre: 'poetry',
    classicYear: 1933,
    author: 'Д. Нацагдорж',
    translated: false,
    description: [
      'Монгол орны байгаль, эх нутгийн үзэсгэлэнг магтан дуулсан алдарт шүлэг болон яруу найрагчийн бусад шилдэг шүлгийг багтаасан түүвэр.',
      'Үе үеийн монголчуудын цээжилсээр ирсэн мөрүүд.',
    ],
  },
  {
    title: 'Учиртай гурван толгой',
    subtitle: 'Дуурийн зохиол',
    genre: 'fiction',
    classicYear: 1934,
    author: 'Д. Нацагдорж',
    translated: false,
    description: [
      'Хайр дурлал, эрх чөлөөний төлөө тэмцсэн залуусын эмгэнэлт түүхийг өгүүлэх монголын анхны дуурийн зохиол.',
      'Ардын домог, уламжлалт дуу хөгжмийн өнгө аяс шингэсэн сонгодог бүтээл.',
    ],
  },
  {
    title: 'Дайн ба энх',
    subtitle: 'Роман',
    genre: 'fiction',
    classicYear: 1869,
    author: 'Лев Толстой',
    translated: true,
    description: [
      'Наполеоны дайны үеийн Оросын язгууртны хэдэн гэр бүлийн хувь заяаг өгүүлэх дэлхийн уран зохиолын сонгодог туульс.',
      'Дайн ба энх, хайр ба үхэл, хүний амьдралын утга учрын тухай гүн гүнзгий эргэцүүлэл.',
    ],
  },
  {
    title: 'Гэмт хэрэг ба шийтгэл',
    subtitle: 'Роман',
    genre: 'fiction',
    classicYear: 1866,
    author: 'Фёдор Достоевский',
    translated: true,
    description: [
      'Ядуу оюутан Раскольников өөрийн онолоо батлахаар аймшигт хэрэг үйлдэж, дараа нь ухамсрынхаа шүүлтэд орно.',
      'Гэм буруу, наманчлал, хүний сэтгэлийн харанхуй ба гэгээлэг талын тухай алдарт роман.',
    ],
  },
  {
    title: 'Цагаан соёот',
    subtitle: null,
    genre: 'adventure',
    classicYear: 1906,
    author: 'Жек Лондон',
    translated: true,
    description: [
      'Хойд нутгийн хатуу ширүүн байгальд төрсөн хагас чоно, хагас нохой Цагаан соёотын амьдралын түүх.',
      'Зэрлэг байгаль, хүн ба амьтны харилцаа, үнэнч сэтгэлийн тухай адал явдалт зохиол.',
    ],
  },
  {
    title: 'Наян хоногт дэлхийг тойрсон нь',
    subtitle: null,
    genre: 'adventure',
    classicYear: 1872,
    author: 'Жюль Верн',
    translated: true,
    description: [
      'Лондонгийн нэгэн ноён наян хоногийн дотор дэлхийг тойрно гэж мөрий тавьж, үнэнч зарцынхаа хамт аянд гарна.',
      'Галт тэрэг, усан онгоц, бүр заан хүртэл унасан хөгжилтэй, хурдан хэмнэлтэй адал явдал.',
    ],
  },
  {
    title: 'Том Сойерын адал явдал',
    subtitle: null,
    genre: 'adventure',
    classicYear: 1876,
    author: 'Марк Твен',
    translated: true,
    description: [
      'Миссисипи мөрний эрэг дээрх бяцхан хотод амьдардаг цоглог хүү Том болон түүний найзуудын адал явдал.',
      'Хүүхэд насны дурсамж, нөхөрлөл, зоригийн тухай олон үеийн уншигчдын хайртай ном.',
    ],
  },
  {
    title: 'Бяцхан ботгоны аялал',
    subtitle: 'Зурагт үлгэр',
    genre: 'children',
    classicYear: null,
    author: null,
    translated: false,
    description: [
      'Ээжээсээ төөрсөн бяцхан ботго говийн өргөн тал нутгаар аялж, олон шинэ найзтай болно.',
      'Найрамдал, зориг, гэр бүлийн хайрын тухай өнгөлөг зурагт үлгэр.',
    ],
  },
  {
    title: 'Дадлын хүч',
    subtitle: 'Жижиг алхмын агуу үр дүн',
    genre: 'selfhelp',
    classicYear: null,
    author: null,
    translated: false,
    topic: ['дадал', 'дадлын'],
    description: [
      'Өдөр бүрийн жижиг дадал амьдралыг хэрхэн өөрчилдөг тухай шинжлэх ухаанд суурилсан гарын авлага.',
      'Муу зуршлаас салж, сайн дадлыг тогтоох энгийн дөрвөн алхмыг бодит жишээгээр тайлбарласан.',
    ],
  },
  {
    title: 'Их Монгол Улсын түүх',
    subtitle: 'Шинэ олдвор, шинэ өнцөг',
    genre: 'history',
    classicYear: null,
    author: null,
    translated: false,
    topic: ['Их Монгол Улс', 'Их Монгол Улсын'],
    description: [
      'Их Монгол Улс байгуулагдсанаас эзэнт гүрэн болж өргөжсөн түүхийг сурвалж бичиг, археологийн олдворт тулгуурлан өгүүлнэ.',
      'Төр ёс, цэргийн зохион байгуулалт, худалдаа, соёлын харилцааны тухай дэлгэрэнгүй судалгаа.',
    ],
  },
];

/** Countries of the classic foreign authors above, for their bios. */
export const CLASSIC_AUTHOR_COUNTRIES: Readonly<Record<string, string>> = {
  'Лев Толстой': 'Оросын',
  'Фёдор Достоевский': 'Оросын',
  'Жек Лондон': 'Америкийн',
  'Жюль Верн': 'Францын',
  'Марк Твен': 'Америкийн',
};

// ---------------------------------------------------------------------------------------------
// English books

const EN_ADJECTIVES: readonly string[] = [
  'Silent',
  'Hidden',
  'Golden',
  'Last',
  'Lost',
  'Little',
  'Wild',
  'Blue',
  'Secret',
  'Brave',
  'Quiet',
  'Long',
  'Strange',
  'Bright',
  'Empty',
  'Northern',
];
const EN_NOUNS: readonly string[] = [
  'River',
  'Letter',
  'Garden',
  'Island',
  'Horse',
  'Journey',
  'City',
  'Promise',
  'Door',
  'Mountain',
  'Voice',
  'Map',
  'House',
  'Road',
  'Winter',
  'Station',
  'Summer',
  'Bridge',
  'Key',
  'Lake',
];
const EN_NAMES: readonly string[] = ['Anna', 'Tom', 'Sara', 'Max', 'Lucy', 'Ben', 'Emma', 'Sam', 'Nora', 'Leo'];
/** Nouns that name a place, so 'Stories from the River' reads right and '... the Key' never appears. */
const EN_PLACE_NOUNS: readonly string[] = [
  'River',
  'Garden',
  'Island',
  'City',
  'Mountain',
  'House',
  'Road',
  'Station',
  'Bridge',
  'Lake',
];
const EN_PLACES: readonly string[] = ['London', 'Dublin', 'Sydney', 'Ulaanbaatar', 'Toronto', 'Edinburgh'];

export function englishTitle(rng: Rng): string {
  const adjective = rng.pick(EN_ADJECTIVES);
  const noun = rng.pick(EN_NOUNS);
  const place = rng.pick(EN_PLACE_NOUNS);
  const otherPlace = rng.pick(EN_PLACE_NOUNS.filter((n) => n !== place));
  switch (rng.int(0, 7)) {
    case 0:
    case 1:
      return `The ${adjective} ${noun}`;
    case 2:
      return `${rng.pick(EN_NAMES)} and the ${adjective} ${noun}`;
    case 3:
      return `Stories from the ${place}`;
    case 4:
      return `The ${place} at the End of the ${otherPlace}`;
    case 5:
      return `${rng.pick(EN_NAMES)}'s ${noun}`;
    case 6:
      return `Letters from ${rng.pick(EN_PLACES)}`;
    default:
      return `Return to the ${adjective} ${noun}`;
  }
}

export const CEFR_LEVELS: readonly string[] = ['A1', 'A2', 'B1', 'B2', 'C1'];

/** CEFR levels as Mongolian teachers name them; descriptions must not carry Latin letters. */
const LEVEL_WORDS: Readonly<Record<string, string>> = {
  A1: 'анхан',
  A2: 'анхан дээд',
  B1: 'дунд',
  B2: 'дунд дээд',
  C1: 'ахисан',
};

export function englishSubtitle(level: string): string {
  return `Англи хэлний ${LEVEL_WORDS[level] ?? 'дунд'} түвшин`;
}

export function englishDescription(rng: Rng, level: string, hasAudio: boolean): string[] {
  const levelWord = LEVEL_WORDS[level] ?? 'дунд';
  const kind = rng.pick(['адал явдалт', 'инээдтэй', 'нууцлаг', 'сэтгэл хөдлөм', 'аяллын', 'гэр бүлийн']);
  const sentences = [
    `Англи хэлний ${levelWord} түвшний уншигчдад зориулсан ${kind} өгүүллэг.`,
    rng.pick([
      'Өгүүлбэрүүд нь энгийн бөгөөд шинэ үгсийг агуулгаар нь таахад хялбар.',
      'Бүлэг бүрийн төгсгөлд ойлгосноо шалгах асуулт, дасгал бий.',
      'Өдөр тутмын ярианд хэрэглэгддэг хэллэгүүдийг байгалийн жамаар сургана.',
    ]),
    'Номын төгсгөлд шинэ үгсийн монгол тайлбартай толь бий.',
  ];
  if (hasAudio) {
    sentences.push('Мэргэжлийн уншигчийн аудио нь сонсох чадвар, дуудлагыг зэрэг хөгжүүлнэ.');
  }
  return sentences;
}

// ---------------------------------------------------------------------------------------------
// Descriptions

const HEROES: readonly string[] = [
  'залуу багш Сараа',
  'малчны хүү Тэмүүлэн',
  'эмч Номин',
  'сэтгүүлч Билгүүн',
  'өндөр настай өвгөн Дамдин',
  'арван хоёр настай Анужин',
  'уяач Цэрэндорж',
  'оюутан Мишээл',
  'цагдаагийн ахлагч Ганзориг',
  'зураач Уянга',
  'нисгэгч Батхүү',
  'хөгшин эмгэн Должин',
];

const HOMELANDS: readonly string[] = [
  'Хангайн',
  'Говийн',
  'Хөвсгөлийн',
  'Дорнодын',
  'Увсын',
  'Орхоны хөндийн',
  'Хэнтийн',
  'Алтайн',
];

const ERAS: readonly string[] = ['Хувьсгалын өмнөх', 'Социализмын', 'Ардчиллын эхэн', 'Манжийн ноёрхлын', 'Их хаадын'];

function fictionOpening(rng: Rng, genre: Genre): string {
  const hero = rng.pick(HEROES);
  const homeland = rng.pick(HOMELANDS);
  const openings = [
    `${homeland} нутагт өссөн ${hero} хотод ирснээр амьдрал нь огт өөр замаар эргэнэ.`,
    `${capitalise(hero)} эцгийнхээ үлдээсэн хуучин захидлыг олсноор гэр бүлийн олон жил нуугдсан нууцыг задлахаар шийднэ.`,
    `Өвлийн хахир хүйтэнд ${homeland} нутгийн нэгэн айлд танихгүй зочин ирснээр үйл явдал эхэлнэ.`,
    `${rng.pick(ERAS)} үеийн ${homeland} нутгийг дүрслэн, гурван үеийн хүмүүсийн хувь заяаг өгүүлнэ.`,
    `Хотын чимээ шуугиан дунд ганцаардсан ${hero} нэгэн өдөр хүүхэд насны найзтайгаа санаандгүй тааралдана.`,
  ];
  if (genre === 'adventure') {
    openings.push(
      `Эртний газрын зураг олсон ${hero} нууцлаг арлыг хайж аянд мордоно.`,
      'Говийн элсэн цөлд төөрсөн аянчид амьд үлдэхийн төлөө тэмцэнэ.',
    );
  }
  if (genre === 'fantasy') {
    openings.push(
      'Мартагдсан хаант улсын сүүлчийн өв залгамжлагч эх нутгаа аврахын тулд аюултай замд гарна.',
      'Луу, шидтэн, эртний зөгнөлийн тухай домог нэгэн тосгоны хүүхдийн хувь заяатай холбогдоно.',
    );
  }
  return rng.pick(openings);
}

const FICTION_MIDDLES: readonly string[] = [
  'Хайр дурлал, үнэнч нөхөрлөл, эх нутгийн тухай чин сэтгэлийн өгүүлэмж.',
  'Зохиолч хүний дотоод ертөнцийг энгийн атлаа гүн гүнзгий хэлээр дүрсэлжээ.',
  'Үйл явдал бүр уншигчийг дараагийн хуудас руу хөтөлнө.',
  'Монгол ахуй, зан заншил, байгалийн үзэсгэлэнт дүрслэл хуудас бүрт мэдрэгдэнэ.',
  'Инээдтэй, сэтгэл хөдлөм, заримдаа гунигтай дүр зургууд нэг амьсгаагаар уншигдана.',
  'Гэм буруу, уучлал, хувь заяаны тухай бодлогошронгуй түүх.',
];

const FICTION_CLOSINGS: readonly string[] = [
  'Уншигч бүр эндээс өөрийгөө олох болно.',
  'Энэ бол зохиолчийн хамгийн их уншигдсан бүтээлүүдийн нэг юм.',
  'Нэг уншаад мартагдахгүй, дахин дахин эргэн санагдах түүх.',
  'Орой бүр хэдэн бүлгээр нь уншихад тохиромжтой.',
];

const POETRY_SENTENCES: readonly string[] = [
  'Эх нутаг, ээж, хайр дурлалын тухай шүлгүүдийг багтаасан түүвэр.',
  'Яруу найрагчийн сүүлийн арван жилд бичсэн шилдэг бүтээлүүд.',
  'Шүлэг бүр нь тал нутгийн өргөн цээл, нүүдэлчин сэтгэлгээг илэрхийлнэ.',
  'Шүлгүүдийг чанга дуудаж уншихад хэмнэл, аялгуу нь илүү тод мэдрэгдэнэ.',
  'Намуухан, гэгээлэг мөрүүд уншигчийн сэтгэлд удаан үлдэнэ.',
];

const CHILDREN_SENTENCES: readonly string[] = [
  'Өнгөлөг зураг, энгийн өгүүлбэр нь бага насны хүүхдэд ойлгомжтой.',
  'Эцэг эх хүүхэдтэйгээ хамт уншиж, ярилцахад тохиромжтой.',
  'Найрсаг байх, бусдад туслахын ач холбогдлыг хөгжилтэйгээр ойлгуулна.',
  'Гурваас найман настай хүүхдэд зориулав.',
  'Унтахын өмнө сонсоход тохиромжтой намуухан түүхүүд.',
];

const HISTORY_SENTENCES: readonly string[] = [
  'Их хаадын үеийн төр ёс, дипломат харилцаа, худалдааны замыг нарийвчлан харуулна.',
  'Археологийн олдвор, газрын зураг, гэрэл зургаар баялаг.',
  'Түүхийг хуурай он цагийн жагсаалт биш, амьд хүмүүсийн хувь заяагаар дамжуулан харуулсан.',
  'Судлаачид болон түүх сонирхогч хэн бүхэнд ойлгомжтой бичигдсэн.',
];

const BIOGRAPHY_SENTENCES: readonly string[] = [
  'Энгийн айлд төрсөн хүүхэд хэрхэн өөрийн салбартаа нэр хүндтэй болсон тухай чин сэтгэлийн дурсамж.',
  'Амжилт, бүтэлгүйтэл, гэр бүл, нөхөрлөлийн тухай илэн далангүй өгүүлнэ.',
  'Урьд өмнө хэвлэгдээгүй захидал, гэрэл зургуудыг багтаасан.',
  'Залуу үеийнхэнд урам зориг өгөх бодит түүх.',
];

const NONFICTION_SENTENCES: readonly string[] = [
  'Бүлэг бүрийн төгсгөлд дасгал, эргэцүүлэх асуулт бий.',
  'Жишээ, тооцооллыг Монголын нөхцөлд тохируулан нутагшуулсан.',
  'Оюутан, ажил мэргэжлийн хүмүүс, эцэг эх гээд хэн бүхэнд ойлгомжтой бичигдсэн.',
  'Хэрэгжүүлэхэд хялбар зөвлөгөө, бодит түүхүүд нь номыг уйдахгүй уншуулна.',
];

function nonfictionOpening(rng: Rng, topic: Noun): string {
  const [, gen] = topic;
  const years = rng.pick(['арван', 'арван таван', 'хорин', 'гучин']);
  return rng.pick([
    `Энэ номонд ${gen} талаарх сүүлийн үеийн судалгаа, бодит жишээг ойлгомжтой тайлбарласан.`,
    `Зохиолч өөрийн ${years} жилийн туршлагад тулгуурлан өдөр тутамд хэрэгжүүлэх энгийн аргуудыг санал болгоно.`,
    `${capitalise(gen)} үндсэн ойлголтоос эхлээд ахисан түвшний арга барил хүртэл алхам алхмаар хөтөлнө.`,
    `Ном нь ${gen} талаарх түгээмэл буруу ойлголтуудыг няцааж, шинэ өнцгөөс харахад тусална.`,
  ]);
}

export interface DescriptionInput {
  genre: Genre;
  topic: Noun | null;
  translated: boolean;
}

/** Two to four sentences, the first of which doubles as the short description. */
export function bookDescription(rng: Rng, input: DescriptionInput): string[] {
  const { genre, topic } = input;
  const sentences: string[] = [];
  if (genre === 'poetry') {
    sentences.push(...rng.sample(POETRY_SENTENCES, rng.int(2, 3)));
  } else if (genre === 'children') {
    const [animal] = topic ?? rng.pick(ANIMALS);
    sentences.push(`Бяцхан ${animal} найзуудтайгаа хамт сонирхолтой аялалд гарна.`);
    sentences.push(...rng.sample(CHILDREN_SENTENCES, rng.int(1, 3)));
  } else if (NARRATIVE_GENRES.has(genre)) {
    sentences.push(fictionOpening(rng, genre), rng.pick(FICTION_MIDDLES));
    if (rng.chance(0.7)) sentences.push(rng.pick(FICTION_CLOSINGS));
  } else if (genre === 'history' && topic) {
    sentences.push(`${capitalise(topic[1])} түүхийг шинэ олдвор, сурвалж бичгүүдэд тулгуурлан өгүүлнэ.`);
    sentences.push(...rng.sample(HISTORY_SENTENCES, rng.int(1, 2)));
  } else if (genre === 'biography') {
    sentences.push(...rng.sample(BIOGRAPHY_SENTENCES, rng.int(2, 3)));
  } else {
    sentences.push(nonfictionOpening(rng, topic ?? ['амьдрал', 'амьдралын']));
    sentences.push(...rng.sample(NONFICTION_SENTENCES, rng.int(1, 2)));
  }
  if (input.translated && rng.chance(0.6)) {
    sentences.push('Дэлхийн олон оронд орчуулагдаж, олон сая хувь борлогдсон бүтээл.');
  }
  return sentences;
}

// ---------------------------------------------------------------------------------------------
// Summaries

export type IdeaTheme = 'growth' | 'business' | 'health' | 'knowledge';

export function ideaTheme(genre: Genre): IdeaTheme {
  if (genre === 'business' || genre === 'finance') return 'business';
  if (genre === 'health') return 'health';
  if (genre === 'science' || genre === 'history' || genre === 'biography') return 'knowledge';
  return 'growth';
}

/** Key ideas a summary is made of; each is a short paragraph that stands on its own. */
const KEY_IDEAS: Readonly<Record<IdeaTheme, readonly string[]>> = {
  growth: [
    'Жижиг алхам том өөрчлөлтийн эхлэл болдог. Өдөр бүр нэг хувиар сайжрахад жилийн эцэст үр дүн нь хэд дахин өснө.',
    'Орчин нөхцөл зан үйлийг тодорхойлдог. Хүсээгүй дадлаа өдөөгчийг нь нүднээс далд болгож, хүссэн дадлынхаа өдөөгчийг ил гаргаарай.',
    'Бүтэлгүйтэл бол суралцах боломж. Алдаагаа шинжилж, дараагийн оролдлогодоо засвар оруулснаар ахиц гардаг.',
    'Анхаарал бол хамгийн үнэ цэнтэй нөөц. Утсаа холдуулж, нэг ажилд бүрэн төвлөрөх цагийг өдөр бүр тусгайлан гаргаарай.',
    'Бусадтай харилцахдаа эхлээд сонсох нь итгэлцлийг бий болгоно. Хүмүүс ойлгогдож байгаагаа мэдэрсэн үедээ л нээлттэй болдог.',
    'Өөрийгөө бусадтай харьцуулах нь сэтгэл ханамжийг бууруулдаг. Өчигдрийн өөртэйгөө харьцуулах нь илүү үнэн бөгөөд үр дүнтэй.',
    'Талархал илэрхийлэх дадал сэтгэл санааг тогтворжуулдаг. Орой бүр сайн болсон гурван зүйлээ бичиж хэвшээрэй.',
    'Үгүй гэж хэлж сурах нь чухал зүйлдээ цаг гаргах нөхцөл юм. Бүх хүсэлтийг хүлээн авбал өөрийн зорилго хоцордог.',
    'Уян хатан сэтгэлгээтэй хүн чадвараа хөгжүүлж болно гэдэгт итгэдэг. Энэ итгэл бэрхшээлийн үед тэсвэр хатуужил өгдөг.',
    'Хүүхэдтэй ярилцахдаа тушаал бус сонголт санал болгоорой. Сонголт хийж сурсан хүүхэд хариуцлагатай болж өсдөг.',
    'Сэтгэл хөдлөлөө нэрлэж чадах нь түүнийг удирдах эхний алхам. Уурласан үедээ «би одоо уурлаж байна» гэж өөртөө хэлэхэд л тайвшрал эхэлдэг.',
    'Зорилгоо тодорхой бичиж, хэмжиж болохуйц болгох хэрэгтэй. Тодорхой бус зорилго анхаарлыг сарниулж, урам зоригийг бууруулдаг.',
  ],
  business: [
    'Үйлчлүүлэгчийн асуудлыг сонсох нь бүтээгдэхүүний санааны хамгийн сайн эх сурвалж. Амжилттай компаниуд шийдлээс биш асуудлаас эхэлдэг.',
    'Баг бол зөвхөн хүмүүсийн нийлбэр биш. Нийтлэг зорилго, нээлттэй харилцаа, хариуцлагын тодорхой хуваарилалт багийг амжилтад хүргэдэг.',
    'Мөнгөө хянах нь орлогоо мэдэхээс эхэлнэ. Сар бүрийн зарлагаа бичиж тэмдэглэх нь хэмнэлтийн хамгийн энгийн бөгөөд үр дүнтэй алхам.',
    'Урт хугацааны хөрөнгө оруулалтад тэвчээр хамгийн чухал. Нийлмэл хүү цаг хугацаатай хамт хүчээ авдаг тул эрт эхлэх нь давуу тал.',
    'Үнэ бол зөвхөн тоо биш, үнэ цэнийн тухай мессеж. Хэт хямд үнэ чанарын талаар эргэлзээ төрүүлж болно.',
    'Манлайлагч хүн хариултыг биш, зөв асуултыг олдог. Хамт олноо сонсож, шийдвэрт оролцуулах нь тэдний хариуцлагыг өсгөдөг.',
    'Хэлэлцээрт бэлтгэл хамгийн чухал. Нөгөө талын хэрэгцээг ойлгосон хүн хоёр талд ашигтай шийдлийг олж чаддаг.',
    'Эрсдэлээ тараах нь хөрөнгөө хамгаалах гол арга. Бүх хуримтлалаа нэг хөрөнгөд төвлөрүүлэх нь богино хугацааны азанд найдахтай адил.',
    'Жижиг туршилтаар санаагаа шалгаарай. Том хөрөнгө оруулахаас өмнө цөөн үйлчлүүлэгчээс санал авах нь алдагдлаас сэргийлнэ.',
    'Брэнд бол хүмүүсийн сэтгэлд үлдэх амлалт. Амлалтаа өдөр бүр биелүүлсэн компанид итгэл бий болдог.',
  ],
  health: [
    'Нойр, хөдөлгөөн, хоол тэжээл гурав бие биенээ тэтгэдэг. Аль нэгийг нь орхигдуулбал бусад нь ч сулардаг.',
    'Стресс бүхэлдээ муу зүйл биш. Зөв хэмжээний ачаалал хүнийг өсгөдөг бол амралтгүй ачаалал эрүүл мэндийг сүйтгэдэг.',
    'Өдөрт хагас цаг алхах нь зүрх судасны өвчний эрсдэлийг мэдэгдэхүйц бууруулдаг. Эхлэхэд хэзээ ч оройтохгүй.',
    'Унтахаас нэг цагийн өмнө дэлгэцээс холдох нь нойрны чанарыг сайжруулдаг. Өрөөгөө сэрүүн, харанхуй байлгаарай.',
    'Хоолоо удаан, анхааралтай идэх нь цатгалан мэдрэмжийг эрт төрүүлдэг. Ингэснээр хэт идэхээс сэргийлнэ.',
    'Гүн амьсгал мэдрэлийн системийг тайвшруулдаг. Дөрөв тоолж амьсгаа аваад, зургаа тоолж гаргах дасгалыг өдөрт хэд хэдэн удаа хийгээрэй.',
    'Ус хангалттай уух нь анхаарал төвлөрөл, эрч хүчинд шууд нөлөөлдөг. Цангахаас өмнө уух нь зөв дадал.',
    'Эрүүл мэнд бол урт хугацааны хөрөнгө оруулалт. Жилд нэг удаа урьдчилан сэргийлэх үзлэгт хамрагдах нь олон өвчнийг эрт илрүүлдэг.',
    'Бясалгал бол бодлоо зогсоох биш, түүнийг ажиглах дасгал. Өдөрт арван минут ч гэсэн тогтмол хийх нь үр дүнгээ өгдөг.',
  ],
  knowledge: [
    'Түүхээс суралцах нь ирээдүйг ойлгох түлхүүр. Өнгөрсөн үеийн шийдвэрүүд өнөөгийн нөхцөлийг тодорхойлсоор байна.',
    'Шинжлэх ухаан бол баттай үнэний жагсаалт биш, асуулт асууж шалгах арга. Шинэ нотолгоо гарвал хуучин онол ч өөрчлөгддөг.',
    'Нүүдэлчдийн соёл иргэншил байгальтай зохицон амьдрах ухаанд суурилсан. Тэдний туршлага өнөөдрийн тогтвортой хөгжилд ч үнэ цэнтэй.',
    'Том нээлтүүд ихэнхдээ сониуч зангаас эхэлдэг. Энгийн асуултад удаан хугацаанд хариу хайсан хүмүүс дэлхийг өөрчилсөн.',
    'Их хаадын үеийн өртөө улаа, худалдааны зам нь тухайн үеийн хамгийн хурдан мэдээллийн сүлжээ байв. Энэ нь эзэнт гүрнийг нэгтгэх гол хэрэгсэл болжээ.',
    'Орчлон ертөнцийн ихэнх хэсэг бидний харж чадахгүй бодисоос тогтдог. Эрдэмтэд түүнийг таталцлын нөлөөгөөр нь л мэддэг.',
    'Амьд биеийн эс бүр өөрийн гэсэн зааварчилгааг агуулдаг. Генийн тухай мэдлэг анагаах ухааныг эрс өөрчилж байна.',
    'Агуу хүмүүсийн амьдрал ч бэрхшээлээр дүүрэн байсан. Тэднийг бусдаас ялгасан зүйл нь бууж өгөхгүй тэвчээр байв.',
    'Цаг уурын өөрчлөлт алс холын асуудал биш. Монголын бэлчээр, усны нөөцөд түүний нөлөө аль хэдийн мэдрэгдэж байна.',
    'Мэдлэгийг бусдад заах нь хамгийн сайн суралцах арга. Тайлбарлаж чадахгүй байгаа хэсэг бол бүрэн ойлгоогүй хэсэг юм.',
  ],
};

const IDEA_CONNECTORS: readonly string[] = [
  'Зохиолч үүнийг олон бодит жишээгээр баталдаг.',
  'Энэ санааг өдөр тутмын амьдралд хэрэгжүүлэх нь тийм ч хэцүү биш.',
  'Судалгааны үр дүн ч үүнийг харуулж байна.',
  'Номын хамгийн их иш татагддаг санаануудын нэг нь энэ.',
  'Ганцхан долоо хоног туршиж үзээд өөрчлөлтийг нь ажиглаарай.',
];

/** 5-8 distinct key-idea paragraphs for a summary of a book of the given theme. */
export function summaryBody(rng: Rng, theme: IdeaTheme): string[] {
  const count = rng.int(5, 8);
  const ideas = rng.sample(KEY_IDEAS[theme], count);
  return ideas.map((idea) => (rng.chance(0.35) ? `${idea} ${rng.pick(IDEA_CONNECTORS)}` : idea));
}

export function summaryDescription(rng: Rng, title: string, minutes: number): string {
  return [
    `«${title}» номын гол санааг ${minutes} минутад багтаасан товчлол.`,
    rng.pick([
      'Замд, ажлын завсарлагаанаар сонсоход тохиромжтой.',
      'Бүтэн номыг уншихаас өмнө агуулгатай нь танилцаарай.',
      'Гол санаа бүрийг өдөр тутамд хэрэгжүүлэх зөвлөмжтэй.',
    ]),
  ].join(' ');
}

// ---------------------------------------------------------------------------------------------
// Chapters

export function chapterTitle(position: number, count: number, narrative: boolean): string {
  if (!narrative && position === 1) return 'Оршил';
  if (!narrative && position === count) return 'Дүгнэлт';
  const number = narrative ? position : position - 1;
  return `${ordinal(number)} бүлэг`;
}

// ---------------------------------------------------------------------------------------------
// Podcasts

export interface PodcastText {
  name: string;
  description: string;
  genre: Genre;
  topics: readonly string[];
}

export const PODCASTS: readonly PodcastText[] = [
  {
    name: 'Номын клуб',
    genre: 'fiction',
    description: 'Долоо хоног бүр нэг номыг сонгон уншиж, зохиолч, уншигчидтай хамт ярилцдаг подкаст.',
    topics: [
      'Ном унших дадлыг хэрхэн бий болгох вэ?',
      'Монгол романы шинэ үе',
      'Сонгодог зохиолыг дахин унших нь',
      'Хүүхэд насны дуртай ном',
      'Яруу найраг яагаад хэрэгтэй вэ?',
      'Орчуулгын ном ба эх хувь',
      'Зохиолчийн ширээн дээрх ном',
      'Уншигчдын шилдэг сонголт',
    ],
  },
  {
    name: 'Сэтгэлийн яриа',
    genre: 'psychology',
    description: 'Сэтгэл зүйч, сэтгэл судлаачидтай сэтгэл санааны эрүүл мэндийн тухай чөлөөтэй ярилцана.',
    topics: [
      'Түгшүүртэй хэрхэн нөхөрлөх вэ?',
      'Ганцаардлын тухай үнэн',
      'Ажлын ядаргаа ба сэргэлт',
      'Өөрийгөө хайрлах гэж юу вэ?',
      'Эцэг эх, хүүхдийн харилцаа',
      'Сэтгэл хөдлөлөө таних нь',
      'Уучлах чадвар',
      'Нойргүйдэл ба сэтгэл санаа',
    ],
  },
  {
    name: 'Бизнесийн цаг',
    genre: 'business',
    description: 'Монголын бизнес эрхлэгчдийн амжилт, бүтэлгүйтэл, сургамжийн тухай ярилцлага.',
    topics: [
      'Анхны стартапаа хэрхэн эхлүүлсэн бэ?',
      'Гэр бүлийн бизнесийн нууц',
      'Хөрөнгө оруулагчтай ярилцах урлаг',
      'Жижиг дэлгүүрээс сүлжээ хүртэл',
      'Экспортын боломжууд',
      'Хямралын үеийн удирдлага',
      'Багаа хэрхэн бүрдүүлэх вэ?',
      'Үйлчлүүлэгчийн сэтгэл ханамж',
    ],
  },
  {
    name: 'Түүхийн хуудаснаас',
    genre: 'history',
    description: 'Монголын болон дэлхийн түүхийн сонирхолтой үйл явдлыг түүхчидтэй хамт эргэн сөхнө.',
    topics: [
      'Хархорум хотын өдөр тутмын амьдрал',
      'Мандухай цэцэн хатан',
      'Торгоны замын худалдаачид',
      'Өртөө улааны систем',
      'Хүннүгийн булшны олдвор',
      'Богд хаант Монголын үе',
      'Занабазарын урлаг',
      'Их засаг хууль',
    ],
  },
  {
    name: 'Эрүүл амьдрал',
    genre: 'health',
    description: 'Эмч, дасгалжуулагч, хоол судлаачдын зөвлөгөөтэй эрүүл амьдралын хэв маягийн подкаст.',
    topics: [
      'Өвлийн улиралд дархлаагаа хамгаалах нь',
      'Зөв өглөөний цай',
      'Алхалтын ач тус',
      'Нурууны өвдөлтөөс сэргийлэх нь',
      'Элсэн чихэр ба эрүүл мэнд',
      'Сайн нойрны зуршил',
      'Гүйлтийг хэрхэн эхлэх вэ?',
      'Ус уух дадал',
    ],
  },
  {
    name: 'Шинжлэх ухааны цаг',
    genre: 'science',
    description: 'Монгол эрдэмтэдтэй сансар, байгаль, технологийн шинэ нээлтүүдийн тухай ярилцана.',
    topics: [
      'Монголын тэнгэрийн одод',
      'Хиймэл оюун ухаан бидний ажлыг өөрчлөх үү?',
      'Говийн үлэг гүрвэлүүд',
      'Цаг уурын өөрчлөлт ба бэлчээр',
      'Генийн шинжилгээ юу хэлдэг вэ?',
      'Сарны тухай домог ба баримт',
      'Сэргээгдэх эрчим хүч',
      'Тархины нууц',
    ],
  },
  {
    name: 'Ээж аавын булан',
    genre: 'family',
    description: 'Хүүхэд хүмүүжлийн өдөр тутмын асуултад эцэг эхчүүд, мэргэжилтнүүд хамтдаа хариулна.',
    topics: [
      'Дэлгэцийн цагийг хэрхэн хязгаарлах вэ?',
      'Хүүхэдтэйгээ хамт ном унших нь',
      'Өсвөр насны хүүхэдтэй ярилцах нь',
      'Сургуульд бэлтгэх нь',
      'Ах дүүсийн маргаан',
      'Хүүхдийн нойрны дэглэм',
      'Хөгжлийн тоглоомууд',
      'Аавын үүрэг',
    ],
  },
  {
    name: 'Англиар ярилцъя',
    genre: 'english',
    description: 'Англи хэл сурч буй хүмүүст зориулсан хэлний зөвлөгөө, уншлагын подкаст.',
    topics: [
      'Шинэ үгсийг хэрхэн цээжлэх вэ?',
      'Дуудлагын түгээмэл алдаа',
      'Англи ном уншиж эхлэх нь',
      'Аялалд хэрэгтэй хэллэгүүд',
      'Ярианы айдсыг даван туулах нь',
      'Шалгалтад бэлтгэх зөвлөгөө',
      'Кино үзэж хэл сурах нь',
      'Бичгийн чадвараа хөгжүүлэх нь',
    ],
  },
  {
    name: 'Залуу бүтээгчид',
    genre: 'selfhelp',
    description: 'Өөрийн замаа сонгосон залуу уран бүтээлчид, инженерүүд, эрдэмтдийн түүх.',
    topics: [
      'Мэргэжлээ хэрхэн сонгосон бэ?',
      'Гадаадад суралцах туршлага',
      'Анхны ажлын байр',
      'Бүтээлч байх дадал',
      'Цагаа хэрхэн зөв хуваарилах вэ?',
      'Алдаанаас суралцах нь',
      'Сайн дурын ажлын ач тус',
      'Зорилгоо тодорхойлох нь',
    ],
  },
  {
    name: 'Оройн үлгэр',
    genre: 'children',
    description: 'Бяцхан сонсогчдод зориулсан унтахын өмнөх намуухан үлгэрүүд.',
    topics: [
      'Бяцхан ботгоны аялал',
      'Зоригт туулай',
      'Сарны туулай',
      'Ухаалаг үнэг ба хэрэм',
      'Одтой шөнийн үлгэр',
      'Хөгжилтэй мэлхий',
      'Бороотой өдрийн найзууд',
      'Унаганы анхны хавар',
    ],
  },
  {
    name: 'Аяны тэмдэглэл',
    genre: 'adventure',
    description: 'Монголын өнцөг булан, дэлхийн өнцөг бүрээр аялсан хүмүүсийн сонирхолтой түүх.',
    topics: [
      'Хөвсгөл нуурын өвөл',
      'Алтайн оргилд',
      'Говиор дугуйгаар аялах нь',
      'Увс нуурын шувууд',
      'Тэрэлжийн явган аялал',
      'Орхоны хөндийн түүхэн дурсгалууд',
      'Аялалд ачаагаа хэрхэн бэлдэх вэ?',
      'Нүүдэлчин айлд хоносон нь',
    ],
  },
  {
    name: 'Мөнгөний тухай ярья',
    genre: 'finance',
    description: 'Хувийн санхүү, хуримтлал, хөрөнгө оруулалтын тухай ойлгомжтой, практик яриа.',
    topics: [
      'Анхны цалингаа хэрхэн зарцуулах вэ?',
      'Зээлийн хүүг ойлгох нь',
      'Хуримтлалын дадал',
      'Хувьцааны зах зээл гэж юу вэ?',
      'Гэр бүлийн төсөв',
      'Тэтгэврийн төлөвлөгөө',
      'Санхүүгийн луйвраас сэргийлэх нь',
      'Орон сууцны зээл',
    ],
  },
];

const MONTHS_GENITIVE: readonly string[] = [
  'Нэгдүгээр сарын',
  'Хоёрдугаар сарын',
  'Гуравдугаар сарын',
  'Дөрөвдүгээр сарын',
  'Тавдугаар сарын',
  'Зургаадугаар сарын',
  'Долоодугаар сарын',
  'Наймдугаар сарын',
  'Есдүгээр сарын',
  'Аравдугаар сарын',
  'Арван нэгдүгээр сарын',
  'Арван хоёрдугаар сарын',
];

/** Episode titles: the series' own topics first, then guests and monthly round-ups. */
export function episodeTitle(podcast: PodcastText, index: number, guest: string, month: number): string {
  const topic = podcast.topics[index];
  if (topic) return topic;
  return index % 2 === 0 ? `Зочин: ${guest}` : `${MONTHS_GENITIVE[month] ?? ''} тойм`.trim();
}

export function episodeDescription(rng: Rng, podcast: PodcastText, guest: string): string {
  return [
    rng.pick([
      `Энэ дугаарт ${guest} зочиллоо.`,
      `«${podcast.name}» подкастын энэ дугаарт хөтлөгчид сонсогчдын асуултад хариуллаа.`,
      'Хөтлөгчид энэ сэдвийг өөрсдийн туршлагаас хуваалцаж, мэргэжилтний зөвлөгөөг сонсоно.',
      `Энэ дугаарын зочин ${guest} олон жилийн туршлагаасаа хуваалцлаа.`,
    ]),
    rng.pick([
      'Дугаарын төгсгөлд долоо хоногийн номын зөвлөмжөө хуваалцлаа.',
      'Ярилцлагыг бүрэн эхээр нь сонсоорой.',
      'Санал, асуултаа бидэнд илгээгээрэй.',
      'Дараагийн дугаарт уулзацгаая.',
    ]),
  ].join(' ');
}

// ---------------------------------------------------------------------------------------------
// Bundles, plans

export function bookBundleTitle(rng: Rng, category: CategoryText, count: number): string {
  const countWord = COUNT_WORDS[count] ?? String(count);
  return rng.pick([
    `${capitalise(category.genitive)} шилдэг ${countWord} ном`,
    `${rng.pick(['Зуны', 'Өвлийн', 'Намрын', 'Хаврын'])} амралтад унших ${countWord} ном`,
    `${capitalise(category.genitive)} эхлэгчдэд зориулсан багц`,
    `Редакторын сонголт: ${category.genitive} ${countWord} ном`,
  ]);
}

export function summaryBundleTitle(rng: Rng, category: CategoryText, count: number): string {
  const countWord = COUNT_WORDS[count] ?? String(count);
  return rng.pick([
    `${capitalise(category.genitive)} ${countWord} товчлол`,
    `${capitalise(category.genitive)} товчлолын багц`,
    `Долоо хоногт унших ${countWord} товчлол`,
  ]);
}

export function bundleDescription(rng: Rng, kind: 'book' | 'summary', count: number): string {
  const countWord = COUNT_WORDS[count] ?? String(count);
  const what = kind === 'book' ? 'номыг' : 'товчлолыг';
  return [
    `Сэдвээр нь сонгосон ${countWord} ${what} нэг дор, тус тусад нь авснаас хямд үнээр.`,
    rng.pick([
      'Бэлэг болгоход ч тохиромжтой.',
      'Редакторууд маань уншигчдын үнэлгээнд тулгуурлан сонгосон.',
      'Багцад орсон бүтээл бүр таны номын санд үүрд хадгалагдана.',
    ]),
  ].join(' ');
}

// ---------------------------------------------------------------------------------------------
// Discovery topics

export interface TopicText {
  title: string;
  description: string;
  /** items of these genres (by any of their categories) fit the topic */
  genres: readonly Genre[];
  kinds: readonly ('book' | 'summary' | 'podcast')[];
  /** only books with an audio edition */
  audioOnly?: boolean;
  /** only books by Mongolian authors */
  mongolianOnly?: boolean;
  /** a ranked list of exactly this many of the most popular items, instead of a varied pick */
  top?: number;
}

export const TOPIC_TEXTS: readonly TopicText[] = [
  {
    title: 'Амралтын өдрийн сонсгол',
    description:
      'Амралтын өдөр аяга цайны дэргэд эсвэл хотоос гарах замдаа сонсоход тохиромжтой аудио ном, подкастууд.',
    genres: ['fiction', 'adventure', 'fantasy'],
    kinds: ['book', 'podcast'],
    audioOnly: true,
  },
  {
    title: 'Бизнесийн шилдэг 10',
    description: 'Менежер, бизнес эрхлэгчдийн хамгийн их уншиж, сонссон ном, товчлолууд нэг дор.',
    genres: ['business', 'finance'],
    kinds: ['book', 'summary'],
    top: 10,
  },
  {
    title: 'Хүүхэдтэйгээ хамт',
    description: 'Бяцхан хүүхэдтэйгээ хамт унших үлгэр, орой унтахын өмнө сонсох ном, эцэг эхчүүдэд хэрэгтэй зөвлөгөө.',
    genres: ['children', 'family'],
    kinds: ['book', 'summary', 'podcast'],
  },
  {
    title: 'Түүхийн аялал',
    description: 'Их Монгол Улсаас өнөө үе хүртэлх түүхийн замналаар аялуулах ном, намтар, подкастууд.',
    genres: ['history', 'biography'],
    kinds: ['book', 'summary', 'podcast'],
  },
  {
    title: 'Монгол зохиолчдын шилдэг бүтээл',
    description: 'Монголын уран зохиолын сонгодог болон орчин үеийн шилдэг бүтээлүүдийг нэг дор цуглууллаа.',
    genres: ['fiction', 'poetry', 'adventure'],
    kinds: ['book', 'podcast'],
    mongolianOnly: true,
  },
  {
    title: 'Сэтгэлийн амар амгалан',
    description: 'Стресс, түгшүүрээ даван туулж, өөртэйгөө эвтэй байхад туслах ном, товчлол, подкастууд.',
    genres: ['psychology', 'philosophy', 'health'],
    kinds: ['book', 'summary', 'podcast'],
  },
  {
    title: 'Өөрийгөө хөгжүүлэх аян',
    description: 'Шинэ дадал суулгаж, зорилгодоо хүрэхэд урам өгөх ном, товчлолуудын сонголт.',
    genres: ['selfhelp'],
    kinds: ['book', 'summary', 'podcast'],
  },
  {
    title: 'Англи хэлээ ахиулъя',
    description: 'Түвшин бүрт тохирсон англи хэл дээрх ном, аудио ном болон хэл сурах подкаст.',
    genres: ['english'],
    kinds: ['book', 'podcast'],
  },
  {
    title: 'Санхүүгийн бичиг үсэг',
    description: 'Мөнгөө зөв төлөвлөж, хуримтлал, хөрөнгө оруулалтаа эхлүүлэхэд хэрэгтэй мэдлэг.',
    genres: ['finance'],
    kinds: ['book', 'summary', 'podcast'],
  },
  {
    title: 'Шинжлэх ухааны сонирхолтой ертөнц',
    description: 'Сансар огторгуйгаас хүний бие махбод хүртэлх нээлт, судалгааг энгийнээр тайлбарласан бүтээлүүд.',
    genres: ['science', 'health'],
    kinds: ['book', 'summary', 'podcast'],
  },
];

/** Renamed entities: the earlier name whose slug still redirects to the current one. */
export const FORMER_NAMES: readonly { entityType: 'book' | 'contributor'; current: string; former: string }[] = [
  // The first edition carried its subtitle in the title.
  { entityType: 'book', current: 'Цагаан сар', former: 'Цагаан сар роман' },
  { entityType: 'book', current: 'Дадлын хүч', former: 'Дадлын хүч: Жижиг алхмын агуу үр дүн' },
  // An earlier translation's title.
  { entityType: 'book', current: 'Наян хоногт дэлхийг тойрсон нь', former: 'Дэлхийг наян хоногт тойрсон нь' },
  // Written without 'ё' at first, as many sites still do.
  { entityType: 'contributor', current: 'Фёдор Достоевский', former: 'Федор Достоевский' },
];

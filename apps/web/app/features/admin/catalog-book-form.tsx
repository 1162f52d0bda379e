import { useRef, useState } from 'react';
import { deskBookCreate, ENGLISH_LEVELS, type DeskBook } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import type { z } from 'zod';
import { TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { CategoryChecklist, PeoplePicker, PublisherPicker, SeriesPicker, type Named } from './catalog-pickers';
import { saveDeskForm } from './desk-page';
import { useStaffForm } from './form';
import { Panel, SelectField, Submit, TextAreaField } from './ui';

const t = mn.admin.book;

type Fields = z.output<typeof deskBookCreate>;

/** The form's fields in the order they are shown: a refusal focuses the first one it names. */
const FIELDS = [
  'title',
  'subtitle',
  'kind',
  'english_level',
  'language',
  'published_year',
  'series_id',
  'series_position',
  'short_description',
  'description',
  'publisher_id',
  'author_ids',
  'narrator_ids',
  'translator_ids',
  'category_ids',
] as const satisfies readonly (keyof Fields)[];

interface Draft {
  title: string;
  subtitle: string;
  kind: 'book' | 'english_book';
  /** '' none */
  english_level: string;
  language: string;
  published_year: string;
  series: Named | null;
  series_position: string;
  short_description: string;
  description: string;
  publisher: Named | null;
  authors: Named[];
  narrators: Named[];
  translators: Named[];
  category_ids: number[];
}

const named = (people: readonly { id: number; name: string }[]): Named[] =>
  people.map(({ id, name }) => ({ id, name }));

function draftOf(book: DeskBook | null): Draft {
  return {
    title: book?.title ?? '',
    subtitle: book?.subtitle ?? '',
    kind: book?.kind ?? 'book',
    english_level: book?.english_level ?? '',
    language: book?.language ?? 'mn',
    published_year: book?.published_year?.toString() ?? '',
    series: book?.series ?? null,
    series_position: book?.series_position?.toString() ?? '',
    short_description: book?.short_description ?? '',
    description: book?.description ?? '',
    publisher: book?.publisher ?? null,
    authors: named(book?.authors ?? []),
    narrators: named(book?.narrators ?? []),
    translators: named(book?.translators ?? []),
    category_ids: book?.categories.map((category) => category.id) ?? [],
  };
}

type Level = (typeof ENGLISH_LEVELS)[number];

/**
 * What the contract's schema reads: an empty subtitle, year or number is none; a level only for
 * an English book and a number only in a series (the fields hidden otherwise).
 */
const inputOf = (draft: Draft) => ({
  title: draft.title,
  subtitle: draft.subtitle.trim() === '' ? null : draft.subtitle,
  kind: draft.kind,
  english_level: draft.kind === 'english_book' && draft.english_level !== '' ? (draft.english_level as Level) : null,
  language: draft.language,
  // not a number: NaN, which the schema refuses with the year's message
  published_year: draft.published_year.trim() === '' ? null : Number(draft.published_year.trim()),
  series_id: draft.series?.id ?? null,
  series_position:
    draft.series === null || draft.series_position.trim() === '' ? null : Number(draft.series_position.trim()),
  short_description: draft.short_description,
  description: draft.description,
  publisher_id: draft.publisher?.id ?? null,
  author_ids: draft.authors.map((person) => person.id),
  narrator_ids: draft.narrators.map((person) => person.id),
  translator_ids: draft.translators.map((person) => person.id),
  category_ids: draft.category_ids,
});

/**
 * A title's fields, people and categories: a new draft (`book` null) or the changes to one.
 * Checked with the contract's schema first; the API's refusals under their fields.
 */
export function BookForm({
  book,
  categories,
  onSaved,
}: {
  book: DeskBook | null;
  categories: readonly { id: number; title: string; parent_id: number | null }[];
  onSaved: (book: DeskBook) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(() => draftOf(book));
  const form = useStaffForm(deskBookCreate, FIELDS);
  const set = <K extends keyof Draft>(key: K, value: Draft[K], field: string = key) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    form.clear(field);
  };
  const text = (
    key: 'title' | 'subtitle' | 'language' | 'published_year' | 'series_position' | 'short_description' | 'description',
  ) => ({
    name: key,
    value: draft[key],
    error: form.error(key),
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const send = () =>
    form.submit(formRef.current, inputOf(draft), (fields) =>
      saveDeskForm({
        fields,
        keys: FIELDS,
        before: book ? deskBookCreate.safeParse(inputOf(draftOf(book))) : null,
        create: async (body) => (await adminApi().call(catalogDeskEndpoints.createBook, { body })).data,
        update: async (body) =>
          (await adminApi().call(catalogDeskEndpoints.updateBook, { params: { id: book!.id }, body })).data,
        said: { created: t.created, saved: t.saved },
        onSaved,
      }),
    );

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t.details}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      className="space-y-5"
    >
      <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
      <Panel title={t.details}>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t.title} autoComplete="off" {...text('title')} className="sm:col-span-3" />
          <TextField label={t.subtitle} autoComplete="off" {...text('subtitle')} className="sm:col-span-3" />
          <SelectField
            label={t.kind}
            name="kind"
            value={draft.kind}
            error={form.error('kind')}
            onChange={(event) => set('kind', event.target.value === 'english_book' ? 'english_book' : 'book')}
          >
            <option value="book">{t.kinds.book}</option>
            <option value="english_book">{t.kinds.english_book}</option>
          </SelectField>
          {draft.kind === 'english_book' ? (
            <SelectField
              label={t.englishLevel}
              name="english_level"
              value={draft.english_level}
              error={form.error('english_level')}
              onChange={(event) => set('english_level', event.target.value)}
            >
              <option value="">{t.englishLevelNone}</option>
              {ENGLISH_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextField
            label={t.language}
            hint={t.languageHint}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={3}
            {...text('language')}
          />
          <TextField label={t.year} inputMode="numeric" autoComplete="off" maxLength={4} {...text('published_year')} />
          <div className="sm:col-span-2">
            <SeriesPicker
              legend={t.series}
              name="series_id"
              value={draft.series}
              error={form.error('series_id')}
              onChange={(series) => set('series', series, 'series_id')}
            />
          </div>
          {draft.series ? (
            <TextField
              label={t.seriesPosition}
              hint={t.seriesPositionHint}
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              {...text('series_position')}
            />
          ) : null}
          <TextAreaField
            label={t.shortDescription}
            hint={t.shortDescriptionHint}
            rows={2}
            maxLength={500}
            {...text('short_description')}
            className="sm:col-span-3"
          />
          <TextAreaField label={t.description} rows={8} {...text('description')} className="sm:col-span-3" />
        </div>
      </Panel>
      <Panel title={t.people}>
        <div className="grid gap-5 md:grid-cols-2">
          <PublisherPicker
            legend={t.publisher}
            name="publisher_id"
            value={draft.publisher}
            error={form.error('publisher_id')}
            onChange={(publisher) => set('publisher', publisher, 'publisher_id')}
          />
          <PeoplePicker
            legend={t.authors}
            name="author_ids"
            value={draft.authors}
            error={form.error('author_ids')}
            onChange={(people) => set('authors', people, 'author_ids')}
          />
          <PeoplePicker
            legend={t.narrators}
            name="narrator_ids"
            value={draft.narrators}
            error={form.error('narrator_ids')}
            onChange={(people) => set('narrators', people, 'narrator_ids')}
          />
          <PeoplePicker
            legend={t.translators}
            name="translator_ids"
            value={draft.translators}
            error={form.error('translator_ids')}
            onChange={(people) => set('translators', people, 'translator_ids')}
          />
        </div>
      </Panel>
      <Panel title={t.categories}>
        <CategoryChecklist
          legend={t.categories}
          hint={t.categoriesHint}
          categories={categories}
          value={draft.category_ids}
          error={form.error('category_ids')}
          onChange={(ids) => set('category_ids', ids)}
        />
      </Panel>
      <div className="flex justify-end">
        <Submit pending={form.pending} waiting={form.wait !== null} className="max-sm:w-full">
          {book ? t.save : t.create}
        </Submit>
      </div>
    </form>
  );
}

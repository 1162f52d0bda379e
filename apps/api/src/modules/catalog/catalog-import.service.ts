import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { deskBookCreate, deskBookUpdate, DeskOffer } from '@nomsan/contracts/catalog-desk';
import type {
  ImportChanged,
  ImportCreated,
  ImportField,
  ImportRefused,
  ImportReport,
} from '@nomsan/contracts/catalog-import';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Kernel } from '../../kernel/module';
import { boundRepository, type Ctx } from '../../kernel/unit-of-work';
import type { CommerceService } from '../commerce/commerce.service';
import type { CatalogDesk } from './catalog-desk.service';
import { catalogImportRepository } from './catalog-import.repository';
import { MAX_PRODUCTS, OnixInvalid, readOnixFile, type OnixMessage } from './onix';
import { categoriesOf, mapProduct, type ImportItem, type ImportRole } from './onix-mapping';

type Create = z.output<typeof deskBookCreate>;
type Update = z.output<typeof deskBookUpdate>;

/** the file an import reads: a finished `onix` upload */
export interface ImportFile {
  id: string;
  fileName: string;
  path: string;
}

const m = mn.catalogImport;
const ROLE_FIELDS: [
  ImportRole,
  'authors' | 'narrators' | 'translators',
  'author_ids' | 'narrator_ids' | 'translator_ids',
][] = [
  ['author', 'authors', 'author_ids'],
  ['narrator', 'narrators', 'narrator_ids'],
  ['translator', 'translators', 'translator_ids'],
];

interface Plan {
  report: Omit<ImportReport, 'upload_id' | 'file_name' | 'applied' | 'plan'>;
  key: string;
  creates: { item: ImportItem; categoryIds: number[] }[];
  updates: {
    bookId: number;
    item: ImportItem;
    fields: Set<ImportField>;
    categoryIds: number[];
    /** the format's terms after (null: not sold), when they change */
    offer: { terms: Omit<DeskOffer, 'format'> | null } | null;
  }[];
  withdraws: number[];
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((name, i) => same(name, b[i]));
const listed = (names: string[]) => (names.length > 0 ? names.join(', ') : null);

/** a new offer's terms: the import sets the price; editors set credits, rentals and subscriptions */
const termsOf = (price: number, current: DeskOffer | undefined): Omit<DeskOffer, 'format'> => ({
  price_mnt: price,
  original_price_mnt:
    current?.original_price_mnt !== null &&
    current?.original_price_mnt !== undefined &&
    current.original_price_mnt > price
      ? current.original_price_mnt
      : null,
  credit_price: current?.credit_price ?? null,
  rental_days: current?.rental_days ?? null,
  rental_price_mnt: current?.rental_price_mnt ?? null,
  subscription_scopes: current?.subscription_scopes ?? [],
  ends_at: current?.ends_at ?? null,
});

/**
 * The catalogue from an ONIX for Books 3.0 file (docs/catalog-desk.md, "Importing a
 * catalogue"). A dry run reads the file and compares every product with the title its sender's
 * RecordReference was imported as (batched reads: a few queries whatever the file's size), and
 * answers what would be created, changed and refused, under a key that names that plan. Apply
 * computes the plan again in its transaction, with the titles locked, and writes it only if the
 * key is the same: the whole file or nothing, through the desk's own writes (drafts for new
 * titles, the same slugs, references and cache invalidation) and commerce's offers.
 */
export function catalogImport(kernel: Kernel, desk: CatalogDesk, commerce: CommerceService) {
  const repository = boundRepository(catalogImportRepository);

  async function read(file: ImportFile): Promise<OnixMessage> {
    try {
      return await readOnixFile(file.path);
    } catch (error) {
      if (!(error instanceof OnixInvalid)) throw error;
      const message = {
        not_xml: m.notXml,
        not_onix: m.notOnix,
        version: m.version,
        too_many: m.tooMany(MAX_PRODUCTS),
      }[error.reason];
      throw new AppError('VALIDATION_ERROR', message, { upload_id: message });
    }
  }

  async function plan(ctx: Ctx, message: OnixMessage): Promise<Plan> {
    const source = message.header.sender;
    const refused: ImportRefused[] = [];
    const seen = new Set<string>();
    const upserts: ImportItem[] = [];
    const withdrawals: { record: string; position: number; title: string | null }[] = [];
    for (const product of message.products) {
      const mapped = mapProduct(product, message.header);
      const record = mapped.action === 'upsert' ? mapped.item.record : mapped.record;
      if (record && seen.has(record)) {
        const title = mapped.action === 'upsert' ? mapped.item.title : mapped.title;
        refused.push({ record, position: product.position, title, reasons: [m.duplicateRecord] });
        continue;
      }
      if (record) seen.add(record);
      if (mapped.action === 'refuse') refused.push({ ...mapped, reasons: mapped.reasons });
      else if (mapped.action === 'withdraw') withdrawals.push(mapped);
      else upserts.push(mapped.item);
    }

    const records = new Map(
      (await repository(ctx).records(source, [...seen])).map((row) => [row.recordReference, row] as const),
    );
    const bookIds = [...new Set([...records.values()].map((r) => r.bookId))];
    const [states, offers, categories] = await Promise.all([
      desk.states(ctx, bookIds),
      commerce.deskOffersOfMany(ctx, bookIds),
      desk.categories(ctx),
    ]);
    const peopleNames = upserts.flatMap((item) => (item.people ? Object.values(item.people).flat() : []));
    const publisherNames = upserts.flatMap((item) => (item.publisher ? [item.publisher] : []));
    const [people, publishers] = await Promise.all([
      desk.named(ctx, 'contributor', peopleNames),
      desk.named(ctx, 'publisher', publisherNames),
    ]);
    const categoryTitle = new Map(categories.map((c) => [c.id, c.title]));
    const categoryList = (ids: number[]) => listed(ids.map((id) => categoryTitle.get(id) ?? String(id)));

    const created: ImportCreated[] = [];
    const changed: ImportChanged[] = [];
    let unchanged = 0;
    const result: Omit<Plan, 'report' | 'key'> = { creates: [], updates: [], withdraws: [] };

    for (const item of upserts) {
      const categoryIds = categoriesOf(item.subjects, categories);
      const existing = records.get(item.record);
      const state = existing ? states.get(existing.bookId) : undefined;
      if (!existing || !state) {
        result.creates.push({ item, categoryIds });
        created.push({
          record: item.record,
          title: item.title,
          format: item.format,
          isbn: item.isbn,
          on_sale: item.onSale,
          price_mnt: item.onSale ? item.priceMnt : null,
          authors: item.people?.author ?? [],
          narrators: item.people?.narrator ?? [],
          publisher: item.publisher ?? null,
          duration_seconds: item.durationSeconds,
          book_id: null,
        });
        continue;
      }
      const fields: ImportChanged['fields'] = [];
      const change = (field: ImportField, before: string | null, after: string | null) =>
        fields.push({ field, before, after });
      const { book } = state;
      if (book.title !== item.title) change('title', book.title, item.title);
      if ((book.subtitle ?? null) !== item.subtitle) change('subtitle', book.subtitle, item.subtitle);
      if (item.description !== undefined && book.description !== item.description)
        change('description', book.description || null, item.description || null);
      if (item.shortDescription !== undefined && book.shortDescription !== item.shortDescription)
        change('short_description', book.shortDescription || null, item.shortDescription || null);
      if (item.language !== undefined && book.language !== item.language)
        change('language', book.language, item.language);
      if (item.publishedYear !== undefined && book.publishedYear !== item.publishedYear)
        change('published_year', book.publishedYear?.toString() ?? null, String(item.publishedYear));
      if (item.publisher !== undefined && !same(state.publisher, item.publisher))
        change('publisher', state.publisher, item.publisher);
      for (const [role, field] of ROLE_FIELDS) {
        const names = item.people?.[role];
        if (names && !sameList(state.people[role], names)) change(field, listed(state.people[role]), listed(names));
      }
      const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');
      if (categoryIds.length > 0 && sorted(categoryIds) !== sorted(state.categoryIds))
        change('categories', categoryList(state.categoryIds), categoryList(categoryIds));

      const current = offers.get(book.id)?.find((o) => o.format === item.format);
      let offer: Plan['updates'][number]['offer'] = null;
      if (item.onSale && item.priceMnt !== null) {
        if (!current) change('on_sale', 'false', 'true');
        if (current?.price_mnt !== item.priceMnt)
          change('price_mnt', current?.price_mnt?.toString() ?? null, String(item.priceMnt));
        if (!current || current.price_mnt !== item.priceMnt) offer = { terms: termsOf(item.priceMnt, current) };
      } else if (!item.onSale && current) {
        change('on_sale', 'true', 'false');
        offer = { terms: null };
      }
      // the desk's rule: a format is sold only when the title has its file (a draft is sold to nobody)
      const held = item.format === 'audiobook' ? state.hasAudio : state.hasEbook;
      if (offer?.terms && book.status === 'published' && !held) {
        refused.push({
          record: item.record,
          position: item.position,
          title: item.title,
          reasons: [mn.catalogDesk.offerNeedsEdition],
        });
        continue;
      }
      if (fields.length === 0) {
        unchanged += 1;
        continue;
      }
      result.updates.push({
        bookId: book.id,
        item,
        fields: new Set(fields.map((f) => f.field)),
        categoryIds,
        offer,
      });
      changed.push({ record: item.record, book_id: book.id, title: book.title, fields });
    }

    for (const withdrawal of withdrawals) {
      const existing = records.get(withdrawal.record);
      const state = existing ? states.get(existing.bookId) : undefined;
      if (!state) {
        refused.push({ ...withdrawal, reasons: [m.unknownRecord] });
      } else if (state.book.status === 'withdrawn') {
        unchanged += 1;
      } else {
        result.withdraws.push(state.book.id);
        changed.push({
          record: withdrawal.record,
          book_id: state.book.id,
          title: state.book.title,
          fields: [{ field: 'status', before: state.book.status, after: 'withdrawn' }],
        });
      }
    }

    refused.sort((a, b) => a.position - b.position);
    const newNames = (names: string[], known: Map<string, number>) => [
      ...new Map(names.filter((n) => !known.has(n.toLowerCase())).map((n) => [n.toLowerCase(), n])).values(),
    ];
    const report: Plan['report'] = {
      sender: source,
      products: message.products.length,
      created_status: 'draft',
      created,
      changed,
      unchanged,
      refused,
      new_contributors: newNames(
        result.creates
          .concat(result.updates)
          .flatMap(({ item }) => (item.people ? Object.values(item.people).flat() : [])),
        people,
      ),
      new_publishers: newNames(
        [...result.creates, ...result.updates].flatMap(({ item }) => (item.publisher ? [item.publisher] : [])),
        publishers,
      ),
    };
    const key = createHash('sha256').update(JSON.stringify(report)).digest('hex');
    return { ...result, report, key };
  }

  /** the form's fields of a new title from its product, with the ids of its people and publisher */
  function createInput(
    { item, categoryIds }: Plan['creates'][number],
    people: Map<string, number>,
    publishers: Map<string, number>,
  ): Create {
    const ids = (role: ImportRole) => (item.people?.[role] ?? []).map((name) => people.get(name.toLowerCase())!);
    return {
      title: item.title,
      subtitle: item.subtitle,
      description: item.description ?? '',
      short_description: item.shortDescription ?? '',
      kind: 'book',
      language: item.language ?? 'mn',
      published_year: item.publishedYear ?? null,
      publisher_id: item.publisher ? (publishers.get(item.publisher.toLowerCase()) ?? null) : null,
      // ONIX's series (`Collection`) and English levels are not read
      english_level: null,
      series_id: null,
      series_position: null,
      author_ids: ids('author'),
      narrator_ids: ids('narrator'),
      translator_ids: ids('translator'),
      category_ids: categoryIds,
    };
  }

  /** only the fields that change, as the form would send them */
  function updateInput(
    update: Plan['updates'][number],
    people: Map<string, number>,
    publishers: Map<string, number>,
  ): Update {
    const { item, fields, categoryIds } = update;
    const input: Update = {};
    if (fields.has('title')) input.title = item.title;
    if (fields.has('subtitle')) input.subtitle = item.subtitle;
    if (fields.has('description')) input.description = item.description ?? '';
    if (fields.has('short_description')) input.short_description = item.shortDescription ?? '';
    if (fields.has('language') && item.language) input.language = item.language;
    if (fields.has('published_year')) input.published_year = item.publishedYear ?? null;
    if (fields.has('publisher') && item.publisher)
      input.publisher_id = publishers.get(item.publisher.toLowerCase()) ?? null;
    for (const [role, field, key] of ROLE_FIELDS)
      if (fields.has(field)) input[key] = (item.people?.[role] ?? []).map((name) => people.get(name.toLowerCase())!);
    if (fields.has('categories')) input.category_ids = categoryIds;
    return input;
  }

  return {
    /** what the file would do; nothing is written */
    async preview(ctx: Ctx, file: ImportFile): Promise<ImportReport> {
      const computed = await plan(ctx, await read(file));
      return { upload_id: file.id, file_name: file.fileName, applied: false, plan: computed.key, ...computed.report };
    },

    /**
     * The plan the dry run named by `key`, written in the caller's transaction (all or
     * nothing; the caller audits the report in it); `CONFLICT` when the catalogue is no
     * longer as the dry run saw it.
     */
    async apply(tx: Ctx, file: ImportFile, key: string): Promise<ImportReport> {
      const message = await read(file);
      const computed = await plan(tx, message);
      if (computed.key !== key) throw new AppError('CONFLICT', m.planChanged);
      const everything = [...computed.creates, ...computed.updates];
      const people = await desk.namedOrMade(
        tx,
        'contributor',
        everything.flatMap(({ item }) => (item.people ? Object.values(item.people).flat() : [])),
      );
      const publishers = await desk.namedOrMade(
        tx,
        'publisher',
        everything.flatMap(({ item }) => (item.publisher ? [item.publisher] : [])),
      );
      const creates = computed.creates.map((c) => createInput(c, people, publishers));
      const updates = computed.updates.map((u) => ({ id: u.bookId, input: updateInput(u, people, publishers) }));
      const made = await desk.writeMany(tx, {
        create: creates,
        update: updates.filter((u) => Object.keys(u.input).length > 0),
        withdraw: computed.withdraws,
      });
      try {
        await repository(tx).insert(
          computed.creates.map(({ item }, i) => ({
            source: message.header.sender,
            recordReference: item.record,
            bookId: made[i]!,
            format: item.format,
            isbn: item.isbn,
            importedAt: kernel.clock.now(),
          })),
        );
      } catch (error) {
        // another import took the same records meanwhile
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', m.planChanged);
        throw error;
      }
      await commerce.saveOffers(tx, [
        ...computed.creates.flatMap(({ item }, i) =>
          item.onSale && item.priceMnt !== null
            ? [{ bookId: made[i]!, format: item.format, terms: termsOf(item.priceMnt, undefined) }]
            : [],
        ),
        ...computed.updates.flatMap((u) => (u.offer ? [{ bookId: u.bookId, format: u.item.format, ...u.offer }] : [])),
      ]);

      const report: ImportReport = {
        upload_id: file.id,
        file_name: file.fileName,
        applied: true,
        plan: key,
        ...computed.report,
        created: computed.report.created.map((c, i) => ({ ...c, book_id: made[i]! })),
      };
      return report;
    },
  };
}

export type CatalogImport = ReturnType<typeof catalogImport>;

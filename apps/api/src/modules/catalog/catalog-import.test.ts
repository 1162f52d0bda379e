import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { deskBookResponse, deskOffersResponse } from '@nomsan/contracts/catalog-desk';
import { importReportResponse, type ImportReport } from '@nomsan/contracts/catalog-import';
import { mn } from '@nomsan/contracts/messages';
import { createAccountsApp, type AccountsTestApp } from '../../test/accounts';
import { keptStaff, uploadAs } from '../../test/staff';

/** one product of a generated message: reference tags, the fields the store maps */
interface Spec {
  record: string;
  title?: string;
  form?: string;
  detail?: string;
  notification?: string;
  price?: string;
  currency?: string;
  author?: string;
  narrator?: string;
  publisher?: string;
  subject?: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** an ONIX 3.0 message of these products, as a publisher's system would write it */
function onix(specs: Spec[], sender = 'Тест хэвлэлийн газар'): Buffer {
  const products = specs.map((p) => {
    const contributor = (role: string, name: string | undefined, sequence: number) =>
      name
        ? `<Contributor><SequenceNumber>${sequence}</SequenceNumber><ContributorRole>${role}</ContributorRole><PersonName>${escape(name)}</PersonName></Contributor>`
        : '';
    return `
  <Product>
    <RecordReference>${p.record}</RecordReference>
    <NotificationType>${p.notification ?? '03'}</NotificationType>
    <DescriptiveDetail>
      <ProductComposition>00</ProductComposition>
      <ProductForm>${p.form ?? 'ED'}</ProductForm>
      ${p.detail ? `<ProductFormDetail>${p.detail}</ProductFormDetail>` : ''}
      ${
        p.title === ''
          ? ''
          : `<TitleDetail><TitleType>01</TitleType><TitleElement><TitleElementLevel>01</TitleElementLevel><TitleText>${escape(p.title ?? `Ном ${p.record}`)}</TitleText></TitleElement></TitleDetail>`
      }
      ${contributor('A01', p.author, 1)}${contributor('E07', p.narrator, 2)}
      <Language><LanguageRole>01</LanguageRole><LanguageCode>mon</LanguageCode></Language>
      ${p.subject ? `<Subject><MainSubject/><SubjectSchemeIdentifier>93</SubjectSchemeIdentifier><SubjectCode>${p.subject}</SubjectCode></Subject>` : ''}
    </DescriptiveDetail>
    <CollateralDetail><TextContent><TextType>03</TextType><ContentAudience>00</ContentAudience><Text>${escape(`Тайлбар: ${p.record}`)}</Text></TextContent></CollateralDetail>
    <PublishingDetail>
      ${p.publisher ? `<Publisher><PublishingRole>01</PublishingRole><PublisherName>${escape(p.publisher)}</PublisherName></Publisher>` : ''}
      <PublishingDate><PublishingDateRole>01</PublishingDateRole><Date>20250101</Date></PublishingDate>
    </PublishingDetail>
    <ProductSupply><SupplyDetail>
      <ProductAvailability>20</ProductAvailability>
      <Price><PriceType>02</PriceType><PriceAmount>${p.price ?? '10000'}</PriceAmount><CurrencyCode>${p.currency ?? 'MNT'}</CurrencyCode></Price>
    </SupplyDetail></ProductSupply>
  </Product>`;
  });
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<ONIXMessage release="3.0" xmlns="http://ns.editeur.org/onix/3.0/reference">
  <Header><Sender><SenderName>${escape(sender)}</SenderName></Sender><SentDateTime>20260301</SentDateTime></Header>${products.join('')}
</ONIXMessage>`);
}

/** a thousand products: audiobooks and EPUBs, 40 authors, 5 publishers, prices by position */
const thousand = (run: string): Spec[] =>
  Array.from({ length: 1000 }, (_, i) => ({
    record: `${run}.${String(i).padStart(4, '0')}`,
    title: `Импорт ${run} ${i}`,
    form: i % 2 === 0 ? 'AJ' : 'ED',
    detail: i % 2 === 0 ? 'A103' : 'E101',
    price: String(5000 + i * 10),
    author: `Зохиогч ${run} ${i % 40}`,
    narrator: i % 2 === 0 ? `Уншигч ${run} ${i % 7}` : undefined,
    publisher: `Хэвлэл ${run} ${i % 5}`,
    subject: i % 3 === 0 ? 'NHB' : 'FBA',
  }));

/**
 * ONIX imports through the API: a dry run lists what a file would create, change and refuse;
 * apply does exactly that in one transaction (drafts with their people, publisher and offer,
 * audited); importing the same file again changes nothing; changed prices, titles and a
 * deletion are found by the sender's RecordReference and applied; a stale plan is refused.
 */
describe('catalogue import (ONIX 3.0)', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const editor = () => keptStaff(t.app, ['editor']);
  async function upload(bytes: Buffer, name = 'catalogue.xml') {
    return uploadAs(t.app, await editor(), bytes, 'onix', name);
  }
  async function post(url: string, payload: object) {
    return t.app.inject({ method: 'POST', url, headers: (await editor()).headers, payload });
  }
  async function preview(uploadId: string): Promise<ImportReport> {
    const answer = await post('/api/staff/catalog/imports/preview', { upload_id: uploadId });
    expect(answer.statusCode, answer.body).toBe(200);
    return importReportResponse.parse(answer.json()).data;
  }
  async function apply(uploadId: string, plan: string): Promise<ImportReport> {
    const answer = await post('/api/staff/catalog/imports', { upload_id: uploadId, plan });
    expect(answer.statusCode, answer.body).toBe(200);
    return importReportResponse.parse(answer.json()).data;
  }
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await t.db.db.execute<{ n: number }>(query)).rows[0]!.n);

  it('imports a thousand products in one dry run and one apply, and the same file again changes nothing', async () => {
    const run = `r${Date.now().toString(36)}`;
    const specs = thousand(run);
    const file = onix(specs);
    const first = await upload(file);

    let started = performance.now();
    const dry = await preview(first);
    const previewMs = performance.now() - started;
    expect(dry).toMatchObject({ applied: false, products: 1000, created_status: 'draft', unchanged: 0 });
    expect(dry.created).toHaveLength(1000);
    expect(dry.changed).toEqual([]);
    expect(dry.refused).toEqual([]);
    expect(dry.created[0]).toMatchObject({
      record: `${run}.0000`,
      title: `Импорт ${run} 0`,
      format: 'audiobook',
      on_sale: true,
      price_mnt: 5000,
      authors: [`Зохиогч ${run} 0`],
      narrators: [`Уншигч ${run} 0`],
      publisher: `Хэвлэл ${run} 0`,
      book_id: null,
    });
    expect(dry.new_contributors).toHaveLength(47);
    expect(dry.new_publishers).toHaveLength(5);
    // a dry run writes nothing, and leaves the upload to apply
    expect(
      await count(sql`select count(*)::int as n from catalog_import_record where record_reference like ${`${run}.%`}`),
    ).toBe(0);

    started = performance.now();
    const applied = await apply(first, dry.plan);
    const applyMs = performance.now() - started;
    console.info(`ONIX import of 1000 products: dry run ${Math.round(previewMs)} ms, apply ${Math.round(applyMs)} ms`);
    expect(previewMs).toBeLessThan(15_000);
    expect(applyMs).toBeLessThan(30_000);
    expect(applied.applied).toBe(true);
    expect(applied.created).toHaveLength(1000);
    expect(applied.created.every((c) => typeof c.book_id === 'number')).toBe(true);

    // the titles are drafts with their people, publisher, category and offer
    const audioId = applied.created[0]!.book_id!;
    const book = deskBookResponse.parse(
      (await t.app.inject({ url: `/api/staff/catalog/books/${audioId}`, headers: (await editor()).headers })).json(),
    ).data;
    expect(book).toMatchObject({
      title: `Импорт ${run} 0`,
      status: 'draft',
      language: 'mn',
      published_year: 2025,
      description: `Тайлбар: ${run}.0000`,
      publisher: { name: `Хэвлэл ${run} 0` },
      authors: [{ name: `Зохиогч ${run} 0` }],
      narrators: [{ name: `Уншигч ${run} 0` }],
      has_audio: false,
    });
    expect(book.categories.map((c) => c.title)).toEqual(['Түүх']);
    const offers = deskOffersResponse.parse(
      (
        await t.app.inject({ url: `/api/staff/catalog/books/${audioId}/offers`, headers: (await editor()).headers })
      ).json(),
    ).data;
    expect(offers).toEqual([expect.objectContaining({ format: 'audiobook', price_mnt: 5000 })]);
    expect(
      await count(sql`select count(*)::int as n from catalog_book b join catalog_import_record r on r.book_id = b.id
        where r.record_reference like ${`${run}.%`} and b.status = 'draft'`),
    ).toBe(1000);
    expect(
      await count(sql`select count(distinct o.item_id)::int as n from commerce_offer o join catalog_import_record r on r.book_id = o.item_id
        where r.record_reference like ${`${run}.%`} and o.item_type = 'book' and o.active`),
    ).toBe(1000);
    // audited: a title each and the file
    expect(
      await count(sql`select count(*)::int as n from staff_audit where action = 'catalog.import_create'
        and object_id in (select book_id::text from catalog_import_record where record_reference like ${`${run}.%`})`),
    ).toBe(1000);
    expect(
      await count(
        sql`select count(*)::int as n from staff_audit where action = 'catalog.import' and object_id = ${first}`,
      ),
    ).toBe(1);

    // an upload is applied once
    const again = await post('/api/staff/catalog/imports', { upload_id: first, plan: dry.plan });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(mn.uploads.taken);

    // the same file again: nothing to create or change
    const second = await preview(await upload(file));
    expect(second).toMatchObject({ created: [], changed: [], refused: [], unchanged: 1000 });

    // three changes and a deletion, found by their record references
    const changed = specs.map((spec, i) =>
      i === 1
        ? { ...spec, price: '7777' }
        : i === 2
          ? { ...spec, title: `Шинэ нэр ${run}` }
          : i === 3
            ? { ...spec, price: '8888', author: `Өөр зохиогч ${run}` }
            : i === 4
              ? { ...spec, notification: '05' }
              : spec,
    );
    const third = await upload(onix(changed));
    const diff = await preview(third);
    expect(diff.created).toEqual([]);
    expect(diff.refused).toEqual([]);
    expect(diff.unchanged).toBe(996);
    const ids = applied.created.map((c) => c.book_id!);
    expect(diff.changed).toEqual([
      {
        record: `${run}.0001`,
        book_id: ids[1],
        title: `Импорт ${run} 1`,
        fields: [{ field: 'price_mnt', before: '5010', after: '7777' }],
      },
      {
        record: `${run}.0002`,
        book_id: ids[2],
        title: `Импорт ${run} 2`,
        fields: [{ field: 'title', before: `Импорт ${run} 2`, after: `Шинэ нэр ${run}` }],
      },
      {
        record: `${run}.0003`,
        book_id: ids[3],
        title: `Импорт ${run} 3`,
        fields: [
          { field: 'authors', before: `Зохиогч ${run} 3`, after: `Өөр зохиогч ${run}` },
          { field: 'price_mnt', before: '5030', after: '8888' },
        ],
      },
      {
        record: `${run}.0004`,
        book_id: ids[4],
        title: `Импорт ${run} 4`,
        fields: [{ field: 'status', before: 'draft', after: 'withdrawn' }],
      },
    ]);
    expect(diff.new_contributors).toEqual([`Өөр зохиогч ${run}`]);

    // a plan the catalogue no longer matches is refused, and nothing is written
    const stale = await post('/api/staff/catalog/imports', { upload_id: third, plan: dry.plan });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(mn.catalogImport.planChanged);

    const done = await apply(third, diff.plan);
    expect(done.changed).toHaveLength(4);
    const view = async (id: number) =>
      deskBookResponse.parse(
        (await t.app.inject({ url: `/api/staff/catalog/books/${id}`, headers: (await editor()).headers })).json(),
      ).data;
    expect((await view(ids[2]!)).title).toBe(`Шинэ нэр ${run}`);
    expect((await view(ids[3]!)).authors.map((a) => a.name)).toEqual([`Өөр зохиогч ${run}`]);
    expect((await view(ids[4]!)).status).toBe('withdrawn');
    const price = async (id: number) =>
      deskOffersResponse.parse(
        (
          await t.app.inject({ url: `/api/staff/catalog/books/${id}/offers`, headers: (await editor()).headers })
        ).json(),
      ).data[0]!.price_mnt;
    expect(await price(ids[1]!)).toBe(7777);
    expect(await price(ids[3]!)).toBe(8888);
    expect(
      await count(sql`select count(*)::int as n from staff_audit where action in ('catalog.import_update', 'catalog.import_withdraw')
        and object_id in (${String(ids[1])}, ${String(ids[2])}, ${String(ids[3])}, ${String(ids[4])})`),
    ).toBe(4);

    // and once more: nothing left to do, no title duplicated
    const last = await preview(await upload(onix(changed)));
    expect(last).toMatchObject({ created: [], changed: [], unchanged: 1000 });
    expect(
      await count(sql`select count(*)::int as n from catalog_import_record where record_reference like ${`${run}.%`}`),
    ).toBe(1000);
  });

  it('refuses products without a title, priced in another currency or of a form the store does not sell, and takes the rest', async () => {
    const run = `x${Date.now().toString(36)}`;
    const uploadId = await upload(
      onix([
        { record: `${run}.ok`, title: `Зөв ном ${run}`, author: `Зохиогч ${run}` },
        { record: `${run}.untitled`, title: '' },
        { record: `${run}.usd`, price: '9.99', currency: 'USD' },
        { record: `${run}.paper`, form: 'BC' },
        { record: `${run}.ok` },
        { record: `${run}.gone`, notification: '05' },
      ]),
    );
    const dry = await preview(uploadId);
    expect(dry.created.map((c) => c.record)).toEqual([`${run}.ok`]);
    expect(dry.refused).toEqual([
      { record: `${run}.untitled`, position: 2, title: null, reasons: [mn.catalogImport.noTitle] },
      { record: `${run}.usd`, position: 3, title: `Ном ${run}.usd`, reasons: [mn.catalogImport.currency('USD')] },
      { record: `${run}.paper`, position: 4, title: `Ном ${run}.paper`, reasons: [mn.catalogImport.form('BC')] },
      { record: `${run}.ok`, position: 5, title: `Ном ${run}.ok`, reasons: [mn.catalogImport.duplicateRecord] },
      { record: `${run}.gone`, position: 6, title: `Ном ${run}.gone`, reasons: [mn.catalogImport.unknownRecord] },
    ]);
    const applied = await apply(uploadId, dry.plan);
    expect(applied.created).toHaveLength(1);
    expect(
      await count(sql`select count(*)::int as n from catalog_import_record where record_reference like ${`${run}.%`}`),
    ).toBe(1);
  });

  it('refuses a file that is not ONIX 3.0, naming it under the upload', async () => {
    const answer = await post('/api/staff/catalog/imports/preview', {
      upload_id: await upload(Buffer.from('<?xml version="1.0"?><rss><channel><title>x</title></channel></rss>')),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { upload_id: mn.catalogImport.notOnix },
    });
    const epub = await post('/api/staff/catalog/imports/preview', { upload_id: 'nobody-s-upload' });
    expect(epub.statusCode).toBe(404);
  });
});

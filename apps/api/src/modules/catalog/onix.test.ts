import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mn } from '@nomsan/contracts/messages';
import { durationSeconds, OnixInvalid, readOnix, readOnixFile, type OnixHeader, type OnixProduct } from './onix';
import { categoriesOf, mapProduct, type ImportItem } from './onix-mapping';

const SAMPLE = join(import.meta.dirname, 'fixtures', 'onix-sample.xml');
const CATEGORIES = [
  { id: 1, slug: 'uran-zokhiol', title: 'Уран зохиол' },
  { id: 2, slug: 'tuukh', title: 'Түүх' },
  { id: 10, slug: 'adal-yavdal', title: 'Адал явдал' },
];

const upserted = (
  product: OnixProduct,
  header: OnixHeader = { sender: 'x', defaultLanguage: null, defaultCurrency: null },
) => {
  const mapped = mapProduct(product, header);
  if (mapped.action !== 'upsert') throw new Error(`not taken: ${JSON.stringify(mapped)}`);
  return mapped.item;
};

/** one product in reference tags around `inner` (a title, form and price unless given) */
const message = (products: string[], root = '<ONIXMessage release="3.0">') =>
  `<?xml version="1.0"?>${root}<Header><Sender><SenderName>Тест</SenderName></Sender></Header>${products.join('')}</ONIXMessage>`;
const product = (
  record: string,
  parts: { form?: string; detail?: string; title?: string; supply?: string; notification?: string } = {},
) =>
  `<Product><RecordReference>${record}</RecordReference><NotificationType>${parts.notification ?? '03'}</NotificationType>
  <DescriptiveDetail><ProductForm>${parts.form ?? 'ED'}</ProductForm>${parts.detail ? `<ProductFormDetail>${parts.detail}</ProductFormDetail>` : ''}
  <TitleDetail><TitleType>01</TitleType><TitleElement><TitleElementLevel>01</TitleElementLevel><TitleText>${parts.title ?? 'Ном'}</TitleText></TitleElement></TitleDetail></DescriptiveDetail>
  <ProductSupply><SupplyDetail>${parts.supply ?? '<ProductAvailability>20</ProductAvailability><Price><PriceType>02</PriceType><PriceAmount>1000</PriceAmount><CurrencyCode>MNT</CurrencyCode></Price>'}</SupplyDetail></ProductSupply></Product>`;

describe('ONIX 3.0 reader', () => {
  it('reads the hand-written sample: products, contributors, subjects, text, prices in MNT, running time', async () => {
    const { header, products } = await readOnixFile(SAMPLE);
    expect(header).toEqual({ sender: 'Мөнхийн үсэг ХХК', defaultLanguage: 'mon', defaultCurrency: null });
    expect(products.map((p) => p.record)).toEqual([
      'mn.munkhiinuseg.sample.0001',
      'mn.munkhiinuseg.sample.0002',
      'mn.munkhiinuseg.sample.0003',
      'mn.munkhiinuseg.sample.0004',
    ]);

    const audio = upserted(products[0]!, header);
    expect(audio).toMatchObject<Partial<ImportItem>>({
      isbn: '9789919500017',
      format: 'audiobook',
      title: 'Нүүдлийн салхи',
      subtitle: 'Нүүдэлчдийн тухай өгүүллэгүүд',
      language: 'mn',
      publishedYear: 2024,
      publisher: 'Мөнхийн үсэг',
      people: { author: ['Батын Энхжаргал'], narrator: ['Дорж Сарангэрэл'], translator: [] },
      onSale: true,
      priceMnt: 25_000,
      durationSeconds: 8 * 3600 + 30 * 60,
    });
    // XHTML in <Text> is read as text, the escaped ampersand decoded once
    expect(audio.description).toBe('Говийн салхи & тал нутгийн хүмүүс.\nНайман цаг хагас.');
    expect(audio.shortDescription).toBeUndefined();
    // the main subject (Thema F…) first, then a keyword that is a category's title
    expect(categoriesOf(audio.subjects, CATEGORIES)).toEqual([1, 10]);

    const ebook = upserted(products[1]!, header);
    expect(ebook).toMatchObject<Partial<ImportItem>>({
      isbn: '9789919500024',
      format: 'ebook',
      title: 'The Steppe Chronicle',
      subtitle: null,
      language: 'en',
      publishedYear: 2023,
      // no Publisher: the imprint's name
      publisher: 'Steppe Books',
      people: { author: ['Oyun Bat'], narrator: [], translator: ['Гантулга'] },
      shortDescription: 'A short history of the steppe.',
      description: undefined,
      // the MNT price among others, "15000.00" as whole tögrög
      priceMnt: 15_000,
      durationSeconds: null,
    });
    expect(categoriesOf(ebook.subjects, CATEGORIES)).toEqual([2]);

    expect(mapProduct(products[2]!, header)).toEqual({
      action: 'refuse',
      record: 'mn.munkhiinuseg.sample.0003',
      position: 3,
      title: 'Долларын ном',
      reasons: [mn.catalogImport.currency('USD')],
    });
    expect(mapProduct(products[3]!, header)).toMatchObject({
      action: 'refuse',
      reasons: [mn.catalogImport.form('BC')],
    });
  });

  it('reads short tags as it reads reference tags, with a namespace prefix or without', async () => {
    const short = `<?xml version="1.0"?><ONIXmessage release="3.0"><header><sender><x298>Тест</x298></sender></header>
      <product><a001>rec-1</a001><a002>03</a002>
      <productidentifier><b221>15</b221><b244>9789919500017</b244></productidentifier>
      <descriptivedetail><b012>AN</b012>
        <titledetail><b202>01</b202><titleelement><x409>01</x409><b030>Тэр</b030><b031>Өдөр</b031><b029>Дэд</b029></titleelement></titledetail>
        <contributor><b034>2</b034><b035>A01</b035><b039>Б.</b039><b040>Хоёр</b040></contributor>
        <contributor><b034>1</b034><b035>A01</b035><b036>А. Нэг</b036></contributor>
        <contributor><b035>E03</b035><b036>Уншигч</b036></contributor>
        <language><b253>01</b253><b252>mon</b252></language>
        <extent><b218>09</b218><b219>3600</b219><b220>06</b220></extent>
      </descriptivedetail>
      <collateraldetail><textcontent><x426>03</x426><d104>Тайлбар &lt;b&gt;тод&lt;/b&gt;</d104></textcontent></collateraldetail>
      <publishingdetail><publisher><b291>01</b291><b081>Хэвлэл</b081></publisher><publishingdate><x448>01</x448><b306>20200101</b306></publishingdate></publishingdetail>
      <productsupply><supplydetail><j396>21</j396><price><x462>02</x462><j151>9900</j151><j152>MNT</j152></price></supplydetail></productsupply>
      </product></ONIXmessage>`;
    const prefixed = short
      .replace(/<(\/?)([a-zA-Z][\w]*)/g, '<$1onix:$2')
      .replace('<onix:ONIXmessage', '<onix:ONIXmessage xmlns:onix="x"');
    for (const xml of [short, prefixed]) {
      const { header, products } = await readOnix([xml]);
      expect(header.sender).toBe('Тест');
      expect(upserted(products[0]!)).toMatchObject<Partial<ImportItem>>({
        record: 'rec-1',
        isbn: '9789919500017',
        format: 'audiobook',
        title: 'Тэр Өдөр',
        subtitle: 'Дэд',
        // in their sequence, whatever the file's order
        people: { author: ['А. Нэг', 'Б. Хоёр'], narrator: ['Уншигч'], translator: [] },
        language: 'mn',
        durationSeconds: 3600,
        // escaped markup is markup too: its text is kept, its tags are not
        description: 'Тайлбар тод',
        publisher: 'Хэвлэл',
        publishedYear: 2020,
        priceMnt: 9900,
      });
    }
  });

  it('reads a file in chunks split anywhere, even inside a tag or a Cyrillic word', async () => {
    const xml = message([product('a', { title: 'Монгол ном' }), product('b')]);
    const chunks = xml.match(/[\s\S]{1,7}/g)!;
    const { products } = await readOnix(chunks);
    expect(products.map((p) => [p.record, p.title])).toEqual([
      ['a', 'Монгол ном'],
      ['b', 'Ном'],
    ]);
  });

  it('never fetches an external entity a DOCTYPE declares, nor expands a declared one', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests += 1;
      response.end('SECRET');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const xxe = `<?xml version="1.0"?>
<!DOCTYPE ONIXMessage [
  <!ENTITY file SYSTEM "file:///etc/passwd">
  <!ENTITY remote SYSTEM "http://127.0.0.1:${port}/steal">
  <!ENTITY % dtd SYSTEM "http://127.0.0.1:${port}/evil.dtd"> %dtd;
]>
${message([product('x', { title: '&file;&remote;' })]).replace('<?xml version="1.0"?>', '')}`;
      const { products } = await readOnix([xxe]);
      expect(products[0]!.title).toBe('&file;&remote;');
      expect(products[0]!.title).not.toContain('root:');
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('leaves "billion laughs" unexpanded and answers at once', async () => {
    const lols = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE ONIXMessage [<!ENTITY lol0 "lol">
${lols}
]>
${message([product('bomb', { title: '&lol9;' })]).replace('<?xml version="1.0"?>', '')}`;
    const started = performance.now();
    const { products } = await readOnix([bomb]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(products[0]!.title).toBe('&lol9;');
  });

  it('refuses what is not an ONIX 3.0 message', async () => {
    const reasons = async (xml: string) =>
      readOnix([xml]).then(
        () => null,
        (error: unknown) => (error instanceof OnixInvalid ? error.reason : error),
      );
    expect(await reasons('<rss><channel/></rss>')).toBe('not_onix');
    expect(await reasons('<ONIXMessage release="2.1"><Product/></ONIXMessage>')).toBe('version');
    expect(await reasons('')).toBe('not_xml');
  });

  it('maps notifications, forms, availability and prices, refusing with reasons in Mongolian', async () => {
    const header: OnixHeader = { sender: '', defaultLanguage: null, defaultCurrency: null };
    const read = async (...products: string[]) => (await readOnix([message(products)])).products;
    const [deleted, test, pdf, cd, dollars, fractional, unavailable, untitled, audioDigital] = await read(
      product('del', { notification: '05' }),
      product('test', { notification: '89' }),
      product('pdf', { form: 'ED', detail: 'E107' }),
      product('cd', { form: 'AC' }),
      product('usd', {
        supply:
          '<ProductAvailability>20</ProductAvailability><Price><PriceAmount>5</PriceAmount><CurrencyCode>USD</CurrencyCode></Price><Price><PriceAmount>4</PriceAmount><CurrencyCode>EUR</CurrencyCode></Price>',
      }),
      product('frac', {
        supply:
          '<ProductAvailability>20</ProductAvailability><Price><PriceAmount>1000.50</PriceAmount><CurrencyCode>MNT</CurrencyCode></Price>',
      }),
      product('gone', { supply: '<ProductAvailability>40</ProductAvailability>' }),
      product('untitled', { title: '' }),
      product('audio', { form: 'ED', detail: 'A103' }),
    );
    expect(mapProduct(deleted!, header)).toEqual({ action: 'withdraw', record: 'del', position: 1, title: 'Ном' });
    expect(mapProduct(test!, header)).toMatchObject({ reasons: [mn.catalogImport.notification('89')] });
    expect(mapProduct(pdf!, header)).toMatchObject({ reasons: [mn.catalogImport.epubOnly] });
    expect(mapProduct(cd!, header)).toMatchObject({ reasons: [mn.catalogImport.form('AC')] });
    expect(mapProduct(dollars!, header)).toMatchObject({ reasons: [mn.catalogImport.currency('USD, EUR')] });
    expect(mapProduct(fractional!, header)).toMatchObject({ reasons: [mn.catalogImport.priceInvalid('1000.50')] });
    // not available: taken in, its format not sold (no price needed)
    expect(upserted(unavailable!)).toMatchObject({ onSale: false, priceMnt: null });
    expect(mapProduct(untitled!, header)).toMatchObject({ reasons: [mn.catalogImport.noTitle] });
    expect(upserted(audioDigital!).format).toBe('audiobook');
    // the header's currency stands for a price without its own
    const [priced] = await read(
      product('default', {
        supply: '<ProductAvailability>20</ProductAvailability><Price><PriceAmount>7000</PriceAmount></Price>',
      }),
    );
    expect(upserted(priced!, { ...header, defaultCurrency: 'MNT' }).priceMnt).toBe(7000);
  });

  it('checks the fields with the desk form’s rules', async () => {
    const { products } = await readOnix([message([product('long', { title: 'Ү'.repeat(301) })])]);
    expect(mapProduct(products[0]!, { sender: '', defaultLanguage: null, defaultCurrency: null })).toMatchObject({
      action: 'refuse',
      reasons: [mn.catalogImport.field(mn.catalogImport.fields.title, mn.catalogDesk.tooLong(300))],
    });
  });

  it('reads running times in every unit of code list 24', () => {
    expect(durationSeconds('8.5', '04')).toBe(30_600);
    expect(durationSeconds('90', '05')).toBe(5400);
    expect(durationSeconds('3600', '06')).toBe(3600);
    expect(durationSeconds('012', '14')).toBe(43_200);
    expect(durationSeconds('00830', '15')).toBe(30_600);
    expect(durationSeconds('0083015', '16')).toBe(30_615);
    expect(durationSeconds('abc', '06')).toBeNull();
    expect(durationSeconds('10', '03')).toBeNull();
  });
});

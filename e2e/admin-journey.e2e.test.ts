import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInWithPassword } from './support/accounts';
import { OWNER, adminShots, codeOf, demoOwner, stepNow } from './support/admin';
import { DESKTOP, MOBILE, launch, screenshot, watchConsole } from './support/browser';
import { ROOT } from './support/server';

const EDITOR_PASSWORD = 'Journey-editor-2026';
const MEMBER_PASSWORD = 'Journey-member-2026';
/** Cyrillic, found by its Latin spelling: талын салхи folds as "talyn salhi" does (search/fold.ts) */
const TITLE = 'Талын салхи';
const AUDIO_PRICE = 15_900;
const EBOOK_PRICE = 9_900;

/**
 * The code step of the back office's sign-in: each step's code is accepted once, so when a
 * journey before this one took this step's code, the next step's (one step of drift is allowed)
 * is typed instead. Answers the step used.
 */
async function enterCode(page: Page, secret: string, after = -Infinity): Promise<number> {
  const now = await stepNow();
  for (const step of [now, now + 1].filter((s) => s > after)) {
    await page.getByLabel('6 оронтой код').fill(codeOf(secret, step));
    await page.getByRole('button', { name: 'Нэвтрэх', exact: true }).click();
    const outcome = await expect
      .poll(async () => {
        if (!new URL(page.url()).pathname.startsWith('/admin/sign-in')) return 'in';
        return (await page.getByText('Код буруу эсвэл хугацаа нь дууссан').count()) > 0 ? 'refused' : null;
      })
      .not.toBeNull()
      .then(() => (new URL(page.url()).pathname.startsWith('/admin/sign-in') ? ('refused' as const) : ('in' as const)));
    if (outcome === 'in') return step;
  }
  throw new Error('no code of this step or the next was accepted');
}

/** The password step, then the code step, of /admin/sign-in. */
async function staffSignIn(page: Page, login: string, password: string, secret: string, after?: number) {
  await page.getByLabel('Утасны дугаар эсвэл и-мэйл').fill(login);
  await page.getByLabel('Нууц үг', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Үргэлжлүүлэх' }).click();
  await page.getByRole('heading', { level: 1, name: 'Баталгаажуулах код' }).waitFor();
  return enterCode(page, secret, after);
}

/** A few seconds of a sine tone as an MP3, made by the ffmpeg the media module uses: the file to choose. */
function tone(dir: string, name: string, seconds: number, frequency: number) {
  const path = join(dir, name);
  execFileSync(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `sine=frequency=${frequency}:duration=${seconds}`],
    ...['-ac', '1', '-ar', '44100', '-b:a', '64k', path],
  ]);
  return { name, mimeType: 'audio/mpeg', buffer: readFileSync(path) };
}

/** The frames the reader renders chapters in (blob: documents, e2e/reader.e2e.test.ts). */
const bookFrames = (page: Page): Frame[] => page.frames().filter((frame) => frame.url().startsWith('blob:'));
const textOnScreen = async (page: Page) =>
  (
    await Promise.all(
      bookFrames(page).map((frame) =>
        frame
          .locator('body')
          .innerText()
          .catch(() => ''),
      ),
    )
  ).join('\n');

const audioTime = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-player="title"]')?.currentTime ?? 0);

/** 12345 -> '12 345₮', as the store writes prices. */
const mnt = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}₮`;

const at = (page: Page, pathname: string | RegExp) => expect.poll(() => new URL(page.url()).pathname).toMatch(pathname);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Удирдлагын цэс' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe("the back office's acceptance journey", () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  let dir: string;
  let files: ReturnType<typeof tone>[];
  beforeAll(async () => {
    browser = await launch();
    dir = mkdtempSync(join(tmpdir(), 'nomsan-journey-'));
    files = [
      tone(dir, '01 Эхлэл.mp3', 4, 440),
      tone(dir, '02 Дунд.mp3', 3, 550),
      tone(dir, '03 Төгсгөл.mp3', 5, 660),
      tone(dir, '04 Илүү.mp3', 2, 330),
    ];
  });
  afterAll(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'the owner invites an editor, who signs in with a code, makes an author and a title, sends its EPUB and a three-file recording, prices and publishes it; a visitor finds it in Latin letters, a member buys, hears and reads it, and the audit log has every step',
    // about 65 s alone; a loaded machine (builds and other journeys beside it) has taken 106 s
    { timeout: 150_000 },
    async () => {
      const started = performance.now();
      const owner = await demoOwner();
      const stamp = Date.now() % 100_000;

      // The demo owner signs in with the password and the app's code, and invites an editor.
      const ownerPage = await (await browser.context(DESKTOP)).newPage();
      const ownerProblems = watchConsole(ownerPage);
      await ownerPage.goto('/admin/staff');
      await at(ownerPage, '/admin/sign-in');
      await staffSignIn(ownerPage, OWNER, owner.password, owner.secret);
      await at(ownerPage, '/admin/staff');
      const email = `journey-${Date.now()}@nomsan.test`;
      const editorName = `Редактор ${stamp}`;
      const invite = ownerPage.getByRole('region', { name: 'Ажилтан урих' });
      await invite.getByLabel('Нэр').fill(editorName);
      await invite.getByLabel('Утасны дугаар эсвэл и-мэйл').fill(email);
      await invite.getByRole('checkbox', { name: 'Редактор' }).check();
      await invite.getByRole('button', { name: 'Урилга илгээх' }).click();
      const inviteUrl = await invite.getByLabel('Урилгын холбоос').inputValue();
      expect(inviteUrl).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]+$/);

      // The editor opens the link: the secret for their app, a password and the first code; then
      // signs out and signs in again with the password and a code of the app.
      const context = await browser.context(DESKTOP);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(new URL(inviteUrl).pathname);
      await heading(page, 'Ажилтны урилга').waitFor();
      const secret = (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent())!.replace(/ /g, '');
      await page.getByLabel('Шинэ нууц үг').fill(EDITOR_PASSWORD);
      const joinedStep = await stepNow();
      await page.getByLabel('Апп дахь 6 оронтой код').fill(codeOf(secret, joinedStep));
      await page.getByRole('button', { name: 'Бүртгэл нээх' }).click();
      await page.getByRole('list', { name: 'Сэргээх кодууд' }).waitFor();
      await page.getByRole('button', { name: 'Хадгалсан, үргэлжлүүлэх' }).click();
      await heading(page, `Сайн байна уу, ${editorName}`).waitFor();
      await page.getByRole('button', { name: 'Гарах' }).click();
      await at(page, '/admin/sign-in');
      await staffSignIn(page, email, EDITOR_PASSWORD, secret, joinedStep);
      await heading(page, `Сайн байна уу, ${editorName}`).waitFor();

      // An author made on the way, and the title as a draft.
      await nav(page).getByRole('link', { name: 'Каталог' }).click();
      await heading(page, 'Каталог').waitFor();
      await page.getByRole('link', { name: 'Шинэ ном' }).click();
      await heading(page, 'Шинэ ном').waitFor();
      const author = `Аянчин Зохиолч ${stamp}`;
      await page.getByLabel('Нэр', { exact: true }).fill(TITLE);
      await page.getByRole('combobox', { name: 'Зохиогчид' }).fill(author);
      await page.getByRole('option', { name: `«${author}» нэртэй хүн шинээр нэмэх` }).click();
      await expect
        .poll(() => page.getByRole('list', { name: 'Зохиогчид' }).getByRole('listitem').allTextContents())
        .toEqual([expect.stringContaining(author)]);
      await page.getByRole('group', { name: 'Ангилал' }).getByRole('checkbox').first().check();
      await page.getByRole('button', { name: 'Ноорог үүсгэх' }).click();
      await at(page, /^\/admin\/catalog\/\d+$/);
      await heading(page, TITLE).waitFor();
      const bookId = Number(new URL(page.url()).pathname.split('/').pop());

      // The EPUB.
      const ebook = page.getByRole('region', { name: 'Цахим ном (EPUB)' });
      await ebook.getByLabel('EPUB сонгох').setInputFiles(join(ROOT, 'e2e', 'fixtures', 'epub', 'footnotes.epub'));
      await expect.poll(() => ebook.getByText(/^Цахим номтой: ойролцоогоор \d+ хуудас\.$/).count()).toBe(1);

      // The recording: no recording yet; four sound files and a text chosen (the text refused
      // under the picker, in Mongolian), one removed, the first moved up to its place with the
      // keyboard; sent, then the job's steps and percent until it is ready.
      const recording = page.getByRole('region', { name: 'Аудио бичлэг' });
      expect(await recording.getByText('Аудио бичлэг алга.').count()).toBe(1);
      await recording
        .getByLabel('Аудио файл сонгох')
        .setInputFiles([
          files[1]!,
          files[0]!,
          files[2]!,
          files[3]!,
          { name: 'тэмдэглэл.txt', mimeType: 'text/plain', buffer: Buffer.from('бичлэг биш') },
        ]);
      expect(await recording.getByText('«тэмдэглэл.txt» аудио файл биш байна.', { exact: false }).count()).toBe(1);
      const list = recording.getByRole('list', { name: 'Илгээх файлууд' });
      const names = () =>
        list.getByRole('listitem').evaluateAll((items) => items.map((li) => li.querySelector('[title]')?.textContent));
      await expect.poll(names).toEqual(['02 Дунд.mp3', '01 Эхлэл.mp3', '03 Төгсгөл.mp3', '04 Илүү.mp3']);
      await recording.getByRole('button', { name: '«04 Илүү.mp3»-г хасах' }).click();
      await recording.getByRole('button', { name: '«01 Эхлэл.mp3»-г дээш зөөх' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(names).toEqual(['01 Эхлэл.mp3', '02 Дунд.mp3', '03 Төгсгөл.mp3']);
      // at the top, the focus is on the file's other button, so the keyboard goes on from there
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        '«01 Эхлэл.mp3»-г доош зөөх',
      );
      await adminShots(page, 'journey-recording-chosen');
      await recording.getByRole('button', { name: 'Бичлэг илгээх' }).click();
      const job = recording.getByRole('progressbar', { name: 'Боловсруулалт' });
      await job.waitFor();
      // every step the page shows, as it shows it
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seenSteps: string[] }).seenSteps = seen;
        const note = () => {
          const bar = document.querySelector('[role="progressbar"][aria-label="Боловсруулалт"]');
          const text = bar?.getAttribute('aria-valuetext');
          if (text && seen.at(-1) !== text) seen.push(text);
        };
        note();
        new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      await adminShots(page, 'journey-recording-progress');
      await expect
        .poll(() => recording.getByText(/^Бичлэг бэлэн: 3 бүлэг, 0:1[12]$/).count(), { timeout: 60_000 })
        .toBe(1);
      const seen = await page.evaluate(() => (window as unknown as { seenSteps: string[] }).seenSteps);
      const steps = ['Дараалалд байна', 'Файлуудыг шалгаж байна', 'Дууны түвшинг тэгшилж байна', 'Багцалж байна'];
      for (const text of seen)
        expect(text).toMatch(
          /^(Дараалалд байна|Файлуудыг шалгаж байна|Дууны түвшинг тэгшилж байна|Багцалж байна) · \d{1,3}%$/,
        );
      const order = seen.map((text) => steps.indexOf(text.split(' · ')[0]!));
      expect(order, `the steps in their order: ${seen.join(' | ')}`).toEqual([...order].sort((a, b) => a - b));
      expect(await job.count()).toBe(0);
      await adminShots(page, 'journey-recording-ready');

      // Prices for both formats, then published.
      const audioOffer = page.getByRole('region', { name: /^Аудио ном/ });
      await audioOffer.getByLabel('Үнэ, ₮', { exact: true }).fill(String(AUDIO_PRICE));
      await audioOffer.getByRole('button', { name: 'Үнэ хадгалах' }).click();
      await expect.poll(() => audioOffer.getByText(mnt(AUDIO_PRICE), { exact: true }).count()).toBe(1);
      const ebookOffer = page.getByRole('region', { name: /^Цахим ном(?! \(EPUB\))/ });
      await ebookOffer.getByLabel('Үнэ, ₮', { exact: true }).fill(String(EBOOK_PRICE));
      await ebookOffer.getByRole('button', { name: 'Үнэ хадгалах' }).click();
      await expect.poll(() => ebookOffer.getByText(mnt(EBOOK_PRICE), { exact: true }).count()).toBe(1);
      const status = page.getByRole('region', { name: 'Төлөв' });
      await status.getByRole('button', { name: 'Одоо нийтлэх' }).click();
      await expect.poll(() => status.getByText('Нийтлэгдсэн', { exact: true }).count()).toBe(1);
      await page.getByRole('link', { name: 'Дэлгүүрт харах' }).waitFor();
      await adminShots(page, 'journey-published');

      // A visitor types the title in Latin letters into the header's search: suggested (once the
      // index has been rebuilt, a few seconds after publishing), then the results, first.
      const visitor = await (await browser.context(DESKTOP)).newPage();
      const visitorProblems = watchConsole(visitor);
      await visitor.goto('/');
      await visitor.waitForLoadState('networkidle');
      const box = visitor.getByRole('combobox', { name: 'Ном хайх' });
      const suggestions = visitor.getByRole('listbox', { name: 'Санал болгох үр дүн' });
      await expect
        .poll(
          async () => {
            await box.fill('');
            await box.pressSequentially('talyn salhi', { delay: 20 });
            await suggestions.waitFor({ timeout: 3000 }).catch(() => undefined);
            return suggestions.getByRole('option').allInnerTexts();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toContainEqual(expect.stringContaining(TITLE));
      await screenshot(visitor, 'journey-search-suggested-1280');
      await box.press('Escape');
      await box.press('Enter');
      await visitor.waitForURL(/\/search\?q=/);
      const results = visitor.getByRole('list', { name: '“talyn salhi” хайлтын үр дүн' });
      expect((await results.getByRole('link').first().innerText()).split('\n')[0]).toBe(TITLE);
      await screenshot(visitor, 'journey-search-results-1280');
      await results.getByRole('link').first().click();
      await expect.poll(() => visitor.getByRole('heading', { level: 1 }).innerText()).toBe(TITLE);
      const slug = new URL(visitor.url()).pathname.slice(1);
      expect(await visitor.getByText(author).count()).toBeGreaterThan(0);
      // on a phone, the same page: the book, its author and both formats' prices
      await visitor.setViewportSize(MOBILE.viewport);
      await expect.poll(() => visitor.getByText(mnt(AUDIO_PRICE)).count()).toBeGreaterThan(0);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(visitor, 'journey-book-visitor-375');

      // A member buys both formats with QPay (the sandbox bank's app pays), hears the recording
      // and reads the EPUB.
      const member = await registerByApi('Аялагч уншигч', MEMBER_PASSWORD);
      const memberContext = await browser.context(DESKTOP);
      const reader = await memberContext.newPage();
      const memberProblems = watchConsole(reader);
      await signInWithPassword(reader, member.phone, MEMBER_PASSWORD, `/${slug}`);
      for (const [format, price] of [
        ['Аудио ном', AUDIO_PRICE],
        ['Цахим ном', EBOOK_PRICE],
      ] as const) {
        const offer = reader
          .getByRole('listitem')
          .filter({ has: reader.getByRole('heading', { level: 3, name: format, exact: true }) });
        await expect.poll(() => offer.getByText(mnt(price)).count()).toBeGreaterThan(0);
        await offer.getByRole('button', { name: 'Худалдаж авах' }).click();
        const sheet = reader.getByRole('dialog');
        await sheet.getByRole('button', { name: `${mnt(price)} төлөх` }).click();
        const bankLink = sheet.getByRole('link').first();
        await bankLink.waitFor();
        const bank = await memberContext.newPage();
        await bank.goto((await bankLink.getAttribute('href'))!);
        await bank.getByRole('button', { name: 'Төлөх' }).click();
        await bank.close();
        await expect.poll(() => sheet.getByText('Төлбөр амжилттай').count(), { timeout: 15_000 }).toBe(1);
        await reader.keyboard.press('Escape');
        await reader.reload();
      }
      await screenshot(reader, 'journey-book-owner-1280');
      await reader.getByRole('link', { name: 'Сонсох', exact: true }).click();
      await reader.waitForURL((url) => url.pathname === `/player/book/${bookId}`);
      expect(await reader.getByText('Дээж', { exact: true }).count()).toBe(0);
      await expect.poll(() => audioTime(reader), { timeout: 20_000 }).toBeGreaterThan(1);
      await screenshot(reader, 'journey-player-1280');
      await reader.goto(`/${slug}`);
      await reader.getByRole('link', { name: 'Унших', exact: true }).click();
      await reader.waitForURL(`**/reader/book/${bookId}`);
      await expect.poll(() => textOnScreen(reader)).not.toBe('');
      for (let turn = 0; turn < 10 && !(await textOnScreen(reader)).includes('Нүүдэлчдийн амьдрал'); turn += 1) {
        await reader.keyboard.press('ArrowRight');
        await reader.waitForTimeout(200);
      }
      expect(await textOnScreen(reader)).toContain('Нүүдэлчдийн амьдрал улирал бүрт нүүдэллэж');
      expect(await reader.getByText('Дээж', { exact: true }).count()).toBe(0);
      await screenshot(reader, 'journey-reader-1280');

      // The owner's audit log: the invitation, then the editor's every step on the title.
      await nav(ownerPage).getByRole('link', { name: 'Аудитын бүртгэл' }).click();
      const rows = ownerPage.getByRole('table', { name: 'Аудитын бичлэгүүд' }).getByRole('row');
      await expect.poll(() => rows.filter({ hasText: 'Урилга илгээв' }).filter({ hasText: email }).count()).toBe(1);
      await ownerPage.getByLabel('Ажилтан').selectOption({ label: editorName });
      await ownerPage.getByRole('button', { name: 'Шүүх' }).click();
      await expect.poll(() => rows.filter({ hasText: 'Урилга илгээв' }).count()).toBe(0);
      // each entry's "what" cell (the table's own rows, not those of a change shown as a table):
      // the action's name, its object, the action's code
      const log = ownerPage.getByRole('table', { name: 'Аудитын бичлэгүүд' });
      const entries = () =>
        log.evaluate((table) =>
          [...(table as HTMLTableElement).tBodies[0]!.rows].map((row) =>
            row.cells[1]!.innerText.split('\n').map((line) => line.replace(/\s*#/, ' #').trim()),
          ),
        );
      const book = `Ном #${bookId}`;
      await expect
        .poll(async () => (await entries()).reverse())
        .toEqual([
          ['Урилгаар нэгдэв', expect.stringMatching(/^Ажилтан #\d+$/), 'staff.join'],
          ['Нэвтэрэв', expect.stringMatching(/^Ажилтан #\d+$/), 'staff.sign_in'],
          ['Зохиогч, уншигч нэмэв', expect.stringMatching(/^Зохиогч, уншигч #\d+$/), 'catalog.contributor_create'],
          ['Ном үүсгэв', book, 'catalog.book_create'],
          ['Цахим номын файл оруулав', book, 'catalog.book_ebook'],
          ['Аудио бичлэг оруулав', book, 'catalog.book_audio'],
          ['Үнэ тогтоов', book, 'catalog.offer_save'],
          ['Үнэ тогтоов', book, 'catalog.offer_save'],
          ['Номын төлөв өөрчлөв', book, 'catalog.book_status'],
        ]);
      // the recording's files in the order they play, and each price as it was saved
      expect(
        await rows
          .filter({ hasText: 'Аудио бичлэг оруулав' })
          .getByText('["01 Эхлэл.mp3","02 Дунд.mp3","03 Төгсгөл.mp3"]')
          .count(),
      ).toBe(1);
      for (const price of [AUDIO_PRICE, EBOOK_PRICE]) {
        expect(await rows.filter({ hasText: 'Үнэ тогтоов' }).getByText(String(price), { exact: true }).count()).toBe(1);
      }
      await adminShots(ownerPage, 'journey-audit');

      expect(ownerProblems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
      expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
      expect(visitorProblems).toEqual([]);
      expect(memberProblems.filter((p) => !/status of (401|403)/.test(p))).toEqual([]);
      console.log(`admin acceptance journey: ${Math.round(performance.now() - started)} ms`);
    },
  );
});

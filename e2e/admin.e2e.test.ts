import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAtBank, registerByApi } from './support/accounts';
import { DESKTOP, MOBILE, baseUrl, launch, watchConsole } from './support/browser';
import { OWNER, adminShots, codeNow, demoOwner } from './support/admin';

const EDITOR_PASSWORD = 'Back-office-editor-2026';

/** A member's paid invoice: an e-book bought with QPay through the API and paid in the sandbox bank's app. */
async function paidInvoice(): Promise<string> {
  const member = await registerByApi('Буцаалт авагч', 'Refund-member-2026');
  const books = await fetch(`${baseUrl()}/v5/books?filter%5Bformat%5D=ebook&page%5Bsize%5D=20`);
  const list = (
    (await books.json()) as { data: { data: { id: number; availability: { price_mnt: number | null } }[] } }
  ).data.data;
  const book = list.find((b) => b.availability.price_mnt !== null);
  expect(book, 'an e-book for sale').toBeDefined();
  const bought = await fetch(`${baseUrl()}/v6/purchase/book/${book!.id}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${member.token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ format: 'ebook', method: 'mnt', rail: 'qpay' }),
  });
  expect(bought.status).toBe(200);
  const { invoice, payment } = (
    (await bought.json()) as {
      data: { invoice: { id: string }; payment: { next_action: { deeplinks: { link: string }[] } } };
    }
  ).data;
  await payAtBank(payment.next_action.deeplinks[0]!.link);
  await expect
    .poll(async () => {
      const answer = await fetch(`${baseUrl()}/v4/billing/invoices/${invoice.id}`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
      return ((await answer.json()) as { data: { status: string } }).data.status;
    })
    .toBe('paid');
  return invoice.id;
}

/** A code of the authenticator app now, by the store's clock (other journeys move it). */
/** Waits for the app to be at `pathname` (client-side navigations fire no load event). */
const at = (page: Page, pathname: string) => expect.poll(() => new URL(page.url()).pathname).toBe(pathname);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Удирдлагын цэс' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

describe('the back office in the browser', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it(
    'the demo owner signs in with a code, invites an editor who joins from the link, makes them finance, and reads it all in the audit log',
    { timeout: 90_000 },
    async () => {
      const started = performance.now();
      const owner = await demoOwner();
      const ownerPage = await (await browser.context(DESKTOP)).newPage();
      const ownerProblems = watchConsole(ownerPage);

      // A back-office page without a staff session is the sign-in, which comes back to it.
      await ownerPage.goto('/admin/staff');
      await at(ownerPage, '/admin/sign-in');
      expect(new URL(ownerPage.url()).searchParams.get('prev')).toBe('/admin/staff');
      expect(await ownerPage.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      await ownerPage.getByRole('button', { name: 'Үргэлжлүүлэх' }).click();
      await expect.poll(() => ownerPage.getByText('Утасны дугаар эсвэл и-мэйл хаягаа оруулна уу.').count()).toBe(1);
      await adminShots(ownerPage, 'sign-in');

      // A wrong password is refused in Mongolian; the right one asks for the app's code.
      await ownerPage.getByLabel('Утасны дугаар эсвэл и-мэйл').fill(OWNER);
      await ownerPage.getByLabel('Нууц үг', { exact: true }).fill('not-the-password');
      await ownerPage.getByRole('button', { name: 'Үргэлжлүүлэх' }).click();
      await expect.poll(() => ownerPage.getByRole('alert').textContent()).toContain('нууц үг буруу');
      await ownerPage.getByLabel('Нууц үг', { exact: true }).fill(owner.password);
      await ownerPage.getByRole('button', { name: 'Үргэлжлүүлэх' }).click();
      await heading(ownerPage, 'Баталгаажуулах код').waitFor();
      await ownerPage.getByLabel('6 оронтой код').fill('000000');
      await ownerPage.getByRole('button', { name: 'Нэвтрэх', exact: true }).click();
      await expect.poll(() => ownerPage.getByText('Код буруу эсвэл хугацаа нь дууссан').count()).toBe(1);
      await ownerPage.getByRole('button', { name: /Сэргээх код ашиглах/ }).click();
      await heading(ownerPage, 'Сэргээх код').waitFor();
      await adminShots(ownerPage, 'sign-in-recovery');
      await ownerPage.getByRole('button', { name: 'Апп дахь кодыг ашиглах' }).click();
      await ownerPage.getByLabel('6 оронтой код').fill(await codeNow(owner.secret));
      await adminShots(ownerPage, 'sign-in-code');
      await ownerPage.getByRole('button', { name: 'Нэвтрэх', exact: true }).click();
      await at(ownerPage, '/admin/staff');

      // The home: who, roles, when the session ends, the demo banner, an owner's sections.
      await nav(ownerPage).getByRole('link', { name: 'Нүүр' }).click();
      await heading(ownerPage, 'Сайн байна уу, Demo эзэмшигч').waitFor();
      await expect.poll(() => ownerPage.getByText('Туршилтын нууц үгээ солино уу').count()).toBe(1);
      expect(await nav(ownerPage).getByRole('link').allTextContents()).toEqual([
        'Нүүр',
        'Каталог',
        'Товчлол',
        'Цуглуулга',
        'Хүмүүс',
        'Хэвлэлийн газар',
        'Ангилал',
        'Подкаст',
        'Багц',
        'Ажилтнууд',
        'Аудитын бүртгэл',
        'Буцаалт',
        'Миний бүртгэл',
      ]);
      await adminShots(ownerPage, 'home-owner');

      // Invite an editor by e-mail: the link is shown, and the invitation is open.
      await nav(ownerPage).getByRole('link', { name: 'Ажилтнууд' }).click();
      await heading(ownerPage, 'Ажилтнууд').waitFor();
      const email = `editor-${Date.now()}@nomsan.test`;
      const editorName = `Сарнай ${Date.now() % 10_000}`;
      const invite = ownerPage.getByRole('region', { name: 'Ажилтан урих' });
      await invite.getByRole('button', { name: 'Урилга илгээх' }).click();
      await expect.poll(() => invite.getByText('Дор хаяж нэг үүрэг сонгоно уу.').count()).toBe(1);
      await invite.getByLabel('Нэр').fill(editorName);
      await invite.getByLabel('Утасны дугаар эсвэл и-мэйл').fill(email);
      await invite.getByRole('checkbox', { name: 'Редактор' }).check();
      await invite.getByRole('button', { name: 'Урилга илгээх' }).click();
      const link = invite.getByLabel('Урилгын холбоос');
      await link.waitFor();
      const inviteUrl = await link.inputValue();
      expect(inviteUrl).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]+$/);
      const invites = ownerPage.getByRole('table', { name: 'Нээлттэй урилгууд' });
      await expect.poll(() => invites.getByRole('row').filter({ hasText: email }).count()).toBe(1);
      await adminShots(ownerPage, 'staff');

      // The invitee, in a browser of their own: the QR and the secret, a password and the first code.
      const editorPage = await (await browser.context(MOBILE)).newPage();
      const editorProblems = watchConsole(editorPage);
      await editorPage.goto(new URL(inviteUrl).pathname);
      await heading(editorPage, 'Ажилтны урилга').waitFor();
      expect(await editorPage.getByRole('img', { name: /QR код/ }).getAttribute('src')).toMatch(
        /^data:image\/svg\+xml;charset=utf-8,/,
      );
      const secret = (await editorPage.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent())!.replace(/ /g, '');
      await adminShots(editorPage, 'invite');
      await editorPage.getByLabel('Шинэ нууц үг').fill(EDITOR_PASSWORD);
      await editorPage.getByLabel('Апп дахь 6 оронтой код').fill(await codeNow(secret));
      await editorPage.getByRole('button', { name: 'Бүртгэл нээх' }).click();
      const codes = editorPage.getByRole('list', { name: 'Сэргээх кодууд' });
      await codes.waitFor();
      expect(await codes.getByRole('listitem').count()).toBe(10);
      await adminShots(editorPage, 'recovery-codes');
      await editorPage.getByRole('button', { name: 'Хадгалсан, үргэлжлүүлэх' }).click();
      await at(editorPage, '/admin');
      await heading(editorPage, `Сайн байна уу, ${editorName}`).waitFor();
      // an editor's sections: the catalogue and podcasts, nothing of the owner's or finance's
      expect(await nav(editorPage).getByRole('link').allTextContents()).toEqual([
        'Нүүр',
        'Каталог',
        'Товчлол',
        'Цуглуулга',
        'Хүмүүс',
        'Хэвлэлийн газар',
        'Ангилал',
        'Подкаст',
        'Багц',
        'Миний бүртгэл',
      ]);
      expect(await editorPage.getByRole('link', { name: /Ажилтнууд|Аудит|Буцаалт/ }).count()).toBe(0);
      await adminShots(editorPage, 'home-editor');
      await editorPage.goto('/admin/refunds');
      await editorPage.getByRole('heading', { name: 'Эрх хүрэхгүй байна' }).waitFor();

      // The owner makes the editor finance instead; the editor's refunds page opens at once.
      await ownerPage.reload();
      const row = ownerPage.getByRole('table', { name: 'Ажилтнууд' }).getByRole('row').filter({ hasText: email });
      await row.getByRole('button', { name: 'Үүрэг өөрчлөх' }).click();
      const dialog = ownerPage.getByRole('dialog', { name: `Үүрэг өөрчлөх: ${editorName}` });
      await dialog.getByRole('checkbox', { name: 'Редактор' }).uncheck();
      await dialog.getByRole('button', { name: 'Хадгалах' }).click();
      await expect.poll(() => dialog.getByText('Дор хаяж нэг үүрэг сонгоно уу.').count()).toBe(1);
      await dialog.getByRole('checkbox', { name: 'Санхүү' }).check();
      await dialog.getByRole('button', { name: 'Хадгалах' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect.poll(() => row.getByRole('listitem').allTextContents()).toEqual(['Санхүү']);

      await editorPage.reload();
      await heading(editorPage, 'Буцаалт').waitFor();
      await editorPage.getByRole('region', { name: 'Нэхэмжлэх буцаах' }).waitFor();
      expect(await nav(editorPage).getByRole('link').allTextContents()).toEqual(['Нүүр', 'Буцаалт', 'Миний бүртгэл']);

      // As finance they refund a member's paid invoice, after confirming; the refund is listed with its steps.
      const invoiceId = await paidInvoice();
      const refundForm = editorPage.getByRole('region', { name: 'Нэхэмжлэх буцаах' });
      await refundForm.getByLabel('Нэхэмжлэхийн ID').fill('not-an-id');
      await refundForm.getByRole('button', { name: 'Үргэлжлүүлэх' }).click();
      await expect.poll(() => refundForm.getByText('Хүссэн мэдээлэл олдсонгүй.').count()).toBe(1);
      await refundForm.getByLabel('Нэхэмжлэхийн ID').fill(invoiceId);
      await refundForm.getByRole('button', { name: 'Үргэлжлүүлэх' }).click();
      const confirm = editorPage.getByRole('dialog', { name: 'Төлбөрийг буцаах уу?' });
      await expect.poll(() => confirm.textContent()).toContain(invoiceId);
      await adminShots(editorPage, 'refund-confirm');
      await confirm.getByRole('button', { name: 'Тийм, буцаах' }).click();
      const refund = editorPage
        .getByRole('list', { name: 'Буцаалтууд' })
        .getByRole('article')
        .filter({ hasText: invoiceId });
      await expect.poll(() => refund.getByRole('list', { name: 'Алхмууд' }).getByRole('listitem').count()).toBe(4);
      await adminShots(editorPage, 'refunds');
      await editorPage.getByLabel('Төлөв').selectOption('failed');
      await editorPage.getByRole('button', { name: 'Шүүх' }).click();
      await expect.poll(() => new URL(editorPage.url()).searchParams.get('status')).toBe('failed');
      await expect.poll(() => refund.count()).toBe(0);

      // The owner reads it in the audit log: the invitation and the refund; then the editor's own
      // entries (joining, refunding); then, from the joining's object, what was done to the editor.
      await nav(ownerPage).getByRole('link', { name: 'Аудитын бүртгэл' }).click();
      const rows = ownerPage.getByRole('table', { name: 'Аудитын бичлэгүүд' }).getByRole('row');
      await expect
        .poll(() => rows.filter({ hasText: 'Буцаалт эхлүүлэв' }).filter({ hasText: invoiceId }).count())
        .toBe(1);
      expect(await rows.filter({ hasText: 'Урилга илгээв' }).filter({ hasText: email }).count()).toBe(1);
      await adminShots(ownerPage, 'audit');
      await ownerPage.getByLabel('Ажилтан').selectOption({ label: editorName });
      await ownerPage.getByRole('button', { name: 'Шүүх' }).click();
      await expect.poll(() => rows.filter({ hasText: 'Урилга илгээв' }).count()).toBe(0);
      expect(await rows.filter({ hasText: 'Урилгаар нэгдэв' }).count()).toBe(1);
      expect(await rows.filter({ hasText: 'Буцаалт эхлүүлэв' }).count()).toBe(1);
      await rows
        .filter({ hasText: 'Урилгаар нэгдэв' })
        .getByRole('link', { name: /^Ажилтан/ })
        .click();
      await expect.poll(() => new URL(ownerPage.url()).searchParams.get('object_type')).toBe('staff');
      await expect
        .poll(() => rows.filter({ hasText: 'Үүрэг өөрчлөв' }).filter({ hasText: '["finance"]' }).count())
        .toBe(1);
      expect(await rows.filter({ hasText: 'Буцаалт эхлүүлэв' }).count()).toBe(0);

      // The owner's account page; the editor signs out and the back office is closed to them.
      await nav(ownerPage).getByRole('link', { name: 'Миний бүртгэл' }).click();
      await heading(ownerPage, 'Миний бүртгэл').waitFor();
      await adminShots(ownerPage, 'account');
      await editorPage.getByRole('button', { name: 'Гарах' }).click();
      await at(editorPage, '/admin/sign-in');
      await editorPage.goto('/admin');
      await at(editorPage, '/admin/sign-in');

      expect(ownerProblems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
      expect(editorProblems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
      console.log(`admin journey: ${Math.round(performance.now() - started)} ms`);
    },
  );
});

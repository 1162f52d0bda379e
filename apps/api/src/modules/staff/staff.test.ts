import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { allEndpoints } from '@nomsan/contracts/endpoints';
import { mn } from '@nomsan/contracts/messages';
import { STAFF_COOKIE, STAFF_ROLES, auditResponse, staffMeResponse, type StaffRole } from '@nomsan/contracts/staff';
import { MINUTE_MS } from '../../lib/clock';
import { runQueuedJobs } from '../../test/jobs';
import { staffWith, totpNow, type SignedInStaff } from '../../test/staff';
import { asMember, createAccountsApp, outbox, registerByPhone, type AccountsTestApp } from '../../test/accounts';
import { DEMO_OWNER_LOGIN } from './staff-people.service';

/**
 * The back office's people: the sandbox's demo owner, invitations accepted with a password and
 * an authenticator, sign-in in two steps (each TOTP step once, each recovery code once),
 * sessions that end (idle, in all, removed), roles judged on every request, the last owner
 * kept, and every action in an append-only audit log. Every back-office route refuses the
 * roles it does not name, and a member's session is no staff session.
 */
describe('staff', () => {
  let t: AccountsTestApp;
  let owner: SignedInStaff;
  beforeAll(async () => {
    t = await createAccountsApp();
    owner = await staffWith(t.app, ['owner'], 'Эзэн');
  });
  afterAll(() => t.close());

  const now = () => t.clock.now().getTime();
  const cookieOf = (setCookie: string | string[] | undefined) => {
    const found = [setCookie ?? []].flat().find((c) => c.startsWith(`${STAFF_COOKIE}=`));
    return found?.split(';')[0];
  };
  /** both steps over HTTP; answers the session's Cookie header (or the failed answer) */
  async function signIn(login: string, password: string, code: string) {
    const first = await t.app.inject({ method: 'POST', url: '/api/staff/session', payload: { login, password } });
    if (first.statusCode !== 200) return { answer: first, cookie: undefined };
    const { challenge } = first.json().data;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/staff/session/verify',
      payload: { challenge, code },
    });
    return { answer: second, cookie: cookieOf(second.headers['set-cookie']) };
  }
  const me = (cookie: string | undefined) => t.app.inject({ url: '/api/staff/me', headers: cookie ? { cookie } : {} });

  it('gives the sandbox a demo owner whose details the outbox shows, and who signs in with them', async () => {
    const demo = await createAccountsApp();
    try {
      await demo.app.modules!.start();
      await runQueuedJobs(demo.app);
      const [mail] = await outbox(demo.app, DEMO_OWNER_LOGIN);
      expect(mail?.subject).toBe(mn.staff.demoOwner.subject);
      const password = /Нууц үг: (\S+)/.exec(mail!.text)![1]!;
      const secret = /\): ([A-Z2-7]+)/.exec(mail!.text)![1]!;
      const first = await demo.app.inject({
        method: 'POST',
        url: '/api/staff/session',
        payload: { login: DEMO_OWNER_LOGIN, password },
      });
      expect(first.statusCode, first.body).toBe(200);
      const verified = await demo.app.inject({
        method: 'POST',
        url: '/api/staff/session/verify',
        payload: { challenge: first.json().data.challenge, code: totpNow(secret, demo.clock.now().getTime()) },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(staffMeResponse.parse(verified.json()).data).toMatchObject({ roles: ['owner'], demo: true });
    } finally {
      await demo.close();
    }
  });

  it('lets an invited editor join with a password and the app, then sign in with a code (each once) or a recovery code (each once)', async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/staff/invites',
      headers: owner.headers,
      payload: { name: 'Сарнай', login: '9911 2233', roles: ['editor'] },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const { url, invite } = invited.json().data;
    expect(invite).toMatchObject({ login: '99112233', roles: ['editor'], invited_by: 'Эзэн' });
    // the link went by SMS to the number
    await runQueuedJobs(t.app);
    expect((await outbox(t.app, '99112233'))[0]?.text).toContain(url);

    const token = new URL(url).pathname.split('/').at(-1)!;
    const opened = await t.app.inject({ url: `/api/staff/invitation/${token}` });
    expect(opened.statusCode).toBe(200);
    const { totp_secret: secret, totp_uri: uri, totp_qr_svg: qr } = opened.json().data;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Nomsan:99112233\?/);
    expect(qr).toMatch(/^<svg/);
    // a wrong code and a common password are refused, with the field named
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/staff/invitation/${token}`,
      payload: { password: 'a-long-pass-phrase-1', code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('code');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/staff/invitation/${token}`,
      payload: { password: 'a-long-pass-phrase-1', code: totpNow(secret, now()) },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const recovery: string[] = accepted.json().data.recovery_codes;
    expect(recovery).toHaveLength(10);
    const joined = cookieOf(accepted.headers['set-cookie']);
    expect(staffMeResponse.parse((await me(joined)).json()).data).toMatchObject({
      name: 'Сарнай',
      roles: ['editor'],
      recovery_codes_left: 10,
    });
    // the link is spent
    expect((await t.app.inject({ url: `/api/staff/invitation/${token}` })).statusCode).toBe(404);

    // the code used to join cannot sign in again; the next one can, once
    expect((await signIn('99112233', 'a-long-pass-phrase-1', totpNow(secret, now()))).answer.statusCode).toBe(422);
    t.clock.advance(30_000);
    const code = totpNow(secret, now());
    const signedIn = await signIn('99112233', 'a-long-pass-phrase-1', code);
    expect(signedIn.answer.statusCode, signedIn.answer.body).toBe(200);
    expect((await signIn('99112233', 'a-long-pass-phrase-1', code)).answer.json().error).toEqual({
      code: 'OTP_INVALID',
      message: mn.staff.codeWrong,
    });
    // a recovery code, in any case and with its dash, once
    const byRecovery = await signIn('99112233', 'a-long-pass-phrase-1', recovery[0]!.toUpperCase());
    expect(byRecovery.answer.statusCode).toBe(200);
    expect((await signIn('99112233', 'a-long-pass-phrase-1', recovery[0]!)).answer.statusCode).toBe(422);
    expect(staffMeResponse.parse((await me(byRecovery.cookie)).json()).data.recovery_codes_left).toBe(9);

    // a wrong password and an unknown login answer alike
    const badPassword = await signIn('99112233', 'not-the-password', '123456');
    const unknown = await signIn('88112233', 'a-long-pass-phrase-1', '123456');
    expect(badPassword.answer.statusCode).toBe(401);
    expect(unknown.answer.json()).toEqual(badPassword.answer.json());
    expect(badPassword.answer.json().error.message).toBe(mn.staff.signInFailed);
  });

  it('ends a staff session after 30 minutes idle, 12 hours in all, at sign-out, and at once for someone removed', async () => {
    const editor = await staffWith(t.app, ['editor']);
    const first = await me(editor.cookie);
    expect(first.statusCode, first.body).toBe(200);
    t.clock.advance(29 * MINUTE_MS);
    expect((await me(editor.cookie)).statusCode).toBe(200);
    t.clock.advance(29 * MINUTE_MS);
    expect((await me(editor.cookie)).statusCode).toBe(200);
    t.clock.advance(31 * MINUTE_MS);
    const idle = await me(editor.cookie);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.message).toBe(mn.staff.signInRequired);

    // 12 hours in all, however busy
    const busy = await staffWith(t.app, ['support']);
    for (let quarter = 1; quarter < 48; quarter++) {
      t.clock.advance(15 * MINUTE_MS);
      expect((await me(busy.cookie)).statusCode).toBe(200);
    }
    t.clock.advance(15 * MINUTE_MS);
    expect((await me(busy.cookie)).statusCode).toBe(401);

    const leaving = await staffWith(t.app, ['support']);
    const signedOut = await staffWith(t.app, ['support']);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/staff/session', headers: signedOut.headers })).statusCode,
    ).toBe(200);
    expect((await me(signedOut.cookie)).statusCode).toBe(401);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/members/${leaving.staffId}`,
      headers: (await freshOwner()).headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await me(leaving.cookie)).statusCode).toBe(401);
  });

  /** an owner signed in now (sessions of earlier tests may have run out on the moved clock) */
  const freshOwner = () => staffWith(t.app, ['owner']);

  it('judges roles on every request, keeps the last owner, and lets nobody change their own roles', async () => {
    const boss = await freshOwner();
    const person = await staffWith(t.app, ['support']);
    expect((await t.app.inject({ url: '/api/staff/refunds', headers: person.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/staff/members', headers: person.headers })).statusCode).toBe(403);
    const promoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/staff/members/${person.staffId}`,
      headers: boss.headers,
      payload: { roles: ['marketing'] },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // the same session, judged by the new roles
    expect((await t.app.inject({ url: '/api/staff/refunds', headers: person.headers })).statusCode).toBe(403);
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/staff/members/${boss.staffId}`,
      headers: boss.headers,
      payload: { roles: ['editor'] },
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe(mn.staff.notSelf);

    // two owners removing each other at once: one wins, the store keeps an owner
    const { rows } = await t.db.db.execute<{ id: number }>(
      sql`select id from staff_member where removed_at is null and 'owner' = any(roles) and id <> ${boss.staffId}`,
    );
    for (const { id } of rows) {
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/staff/members/${id}`, headers: boss.headers })).statusCode,
      ).toBe(200);
    }
    const other = await staffWith(t.app, ['owner']);
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/staff/members/${other.staffId}`, headers: boss.headers }),
      t.app.inject({ method: 'DELETE', url: `/api/staff/members/${boss.staffId}`, headers: other.headers }),
    ]);
    // the loser is refused by the lock (403: no longer an owner) or, when its request came after
    // the winner committed, by the gate (401: its session ended with its removal)
    const [won, lost] = [a.statusCode, b.statusCode].sort();
    expect(won).toBe(200);
    expect([401, 403]).toContain(lost);
    const { rows: owners } = await t.db.db.execute<{ id: number }>(
      sql`select id from staff_member where removed_at is null and 'owner' = any(roles)`,
    );
    expect(owners).toHaveLength(1);
  });

  it('writes every action to an audit log that can be filtered and never changed', async () => {
    const boss = await freshOwner();
    const person = await staffWith(t.app, ['finance']);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/staff/members/${person.staffId}`,
      headers: boss.headers,
      payload: { roles: ['finance', 'support'] },
    });
    const ofPerson = auditResponse.parse(
      (
        await t.app.inject({
          url: `/api/staff/audit?object_type=staff&object_id=${person.staffId}`,
          headers: boss.headers,
        })
      ).json(),
    ).data;
    expect(ofPerson.entries.map((e) => e.action)).toEqual(['staff.roles', 'staff.join']);
    expect(ofPerson.entries[0]).toMatchObject({
      staff_id: boss.staffId,
      before: { roles: ['finance'] },
      after: { roles: ['finance', 'support'] },
    });
    const byBoss = auditResponse.parse(
      (await t.app.inject({ url: `/api/staff/audit?staff_id=${boss.staffId}&limit=1`, headers: boss.headers })).json(),
    ).data;
    expect(byBoss.entries).toHaveLength(1);
    expect(byBoss.next_before).not.toBeNull();
    const bad = await t.app.inject({ url: '/api/staff/audit?object_type=DROP%20TABLE', headers: boss.headers });
    expect(bad.statusCode).toBe(400);
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'changed',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(t.db.db.execute(sql`update staff_audit set actor = 'someone else'`))).toMatch(/append-only/);
    expect(await refusal(t.db.db.execute(sql`delete from staff_audit`))).toMatch(/append-only/);
  });

  it("refuses every back-office route to the roles it does not name (403), and to members' sessions (401)", async () => {
    const staffRoutes = allEndpoints.filter((endpoint) => endpoint.staff);
    expect(staffRoutes.length).toBeGreaterThan(10);
    const member = await registerByPhone(t.app);
    const pathOf = (path: string) => path.replace(/:[a-z_]+/g, (name) => (name === ':id' ? '1' : 'x'.repeat(24)));
    for (const role of STAFF_ROLES.filter((r): r is Exclude<StaffRole, 'owner'> => r !== 'owner')) {
      const person = await staffWith(t.app, [role]);
      for (const endpoint of staffRoutes) {
        const needed = endpoint.staff!;
        const request = {
          method: endpoint.method,
          url: pathOf(endpoint.path),
          ...(endpoint.method === 'GET' ? {} : { payload: {} }),
        };
        if (needed.length > 0 && !needed.includes(role)) {
          const refused = await t.app.inject({ ...request, headers: person.headers });
          expect(refused.statusCode, `${role} ${endpoint.method} ${endpoint.path}`).toBe(403);
          expect(refused.json().error).toEqual({ code: 'FORBIDDEN', message: mn.errors.FORBIDDEN });
        }
      }
    }
    for (const endpoint of staffRoutes) {
      const request = {
        method: endpoint.method,
        url: pathOf(endpoint.path),
        ...(endpoint.method === 'GET' ? {} : { payload: {} }),
      };
      const asMemberAnswer = await t.app.inject({ ...request, headers: asMember(member) });
      expect(asMemberAnswer.statusCode, `member ${endpoint.method} ${endpoint.path}`).toBe(401);
      expect((await t.app.inject(request)).statusCode).toBe(401);
    }
    // and a staff session is no member's session
    const person = await staffWith(t.app, ['support']);
    expect((await t.app.inject({ url: '/api/user', headers: person.headers })).statusCode).toBe(401);
  });
});

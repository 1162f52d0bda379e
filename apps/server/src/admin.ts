import { join } from 'node:path';
import { createInvalidationBus, createModules, OPERATOR, type ComposedModules } from '@nomsan/api';
import { openDatabase } from '@nomsan/db/client';
import { staffInviteRequest } from '@nomsan/contracts/staff';
import type { Config } from './config';

const USAGE = `usage: node dist/server.js admin <command>   (npm run admin -- <command>)

  jobs failed                       the dead letter: jobs out of attempts, newest first
  jobs retry <job id>               runs a dead job again, its attempts anew
  jobs schedules                    the recurring jobs and when each runs next
  book title <book id> <title>      renames a book
  price <book|summary|bundle> <id> <audiobook|ebook|summary|bundle> <price in MNT>
                                    sets the price of an item's current offer
  staff add <phone|email> <role>[,<role>...] [name]
                                    invites someone to the back office (roles: owner, editor,
                                    support, finance, marketing) and prints the link; the link
                                    also goes by SMS or e-mail from a running server
  staff list                        the staff, their roles, and the open invitations

Runs against DATABASE_URL (or the embedded database in DATA_DIR while no server uses it) and
tells every running server through REDIS_URL, so a change shows on their next request.`;

class UsageError extends Error {}

/** An operator's commands, made through the modules' services like any other caller. */
export async function runAdmin(
  config: Config,
  args: string[],
  print = (line: string) => void process.stdout.write(`${line}\n`),
) {
  const [area, action, ...rest] = args;
  if (!area || area === 'help' || area === '--help') {
    print(USAGE);
    return;
  }
  const db = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  const invalidations = createInvalidationBus({
    redisUrl: config.redisUrl,
    onError: (error, what) => console.error(`${what}: ${error instanceof Error ? error.message : String(error)}`),
  });
  let composed: ComposedModules | undefined;
  try {
    await db.migrate();
    composed = createModules({
      db,
      publicBaseUrl: config.publicBaseUrl,
      mediaBaseUrl: config.mediaBaseUrl,
      invalidations,
      settings: { staff: { demoOwner: false, secret: config.cookieSecret } },
    });
    await command(composed, area, action, rest, print);
  } finally {
    await composed?.close();
    await invalidations.close();
    await db.close();
  }
}

async function command(
  composed: ComposedModules,
  area: string,
  action: string | undefined,
  rest: string[],
  print: (line: string) => void,
): Promise<void> {
  const { services, kernel } = composed;
  const ctx = kernel.root;
  const id = (text: string | undefined) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value <= 0) throw new UsageError(`not an id: ${text ?? '(none)'}`);
    return value;
  };

  if (area === 'jobs' && action === 'failed') {
    const failed = await services.jobs.failed(ctx);
    if (failed.length === 0) print('no failed jobs');
    for (const job of failed) {
      print(
        `${job.id}  ${job.name}  attempts ${job.attempts}  ${job.finishedAt?.toISOString() ?? ''}  ${job.lastError ?? ''}`,
      );
    }
    return;
  }
  if (area === 'jobs' && action === 'retry') {
    const jobId = rest[0];
    if (!jobId) throw new UsageError('jobs retry needs a job id');
    print((await services.jobs.retry(ctx, jobId)) ? `queued ${jobId} again` : `no failed job ${jobId}`);
    return;
  }
  if (area === 'jobs' && action === 'schedules') {
    for (const s of await services.jobs.schedules(ctx)) {
      print(`${s.name}  ${s.cron}  next ${s.nextRunAt.toISOString()}  last ${s.lastRunAt?.toISOString() ?? 'never'}`);
    }
    return;
  }
  if (area === 'book' && action === 'title') {
    const [bookId, ...words] = rest;
    const title = words.join(' ');
    await services.catalog.edits.updateBook(ctx, id(bookId), { title });
    print(`book ${bookId} is now «${title}»`);
    return;
  }
  if (area === 'price') {
    const itemType = action;
    const [itemId, format, price] = rest;
    if (itemType !== 'book' && itemType !== 'summary' && itemType !== 'bundle') throw new UsageError('price of what?');
    if (format !== 'audiobook' && format !== 'ebook' && format !== 'summary' && format !== 'bundle') {
      throw new UsageError(`not a format: ${format ?? '(none)'}`);
    }
    await services.commerce.setPrice(ctx, { itemType, itemId: id(itemId), format }, Number(price));
    print(`${itemType} ${itemId} ${format} now costs ${price}₮`);
    return;
  }
  if (area === 'staff' && action === 'add') {
    const [login, roleList, ...words] = rest;
    const parsed = staffInviteRequest.safeParse({
      login: login ?? '',
      roles: (roleList ?? '').split(',').filter(Boolean),
      name: words.join(' ') || login || '',
    });
    if (!parsed.success) {
      throw new UsageError(`staff add: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
    }
    const { url, invite } = await services.staff.people.invite(ctx, OPERATOR, parsed.data);
    print(`invited ${invite.name} <${invite.login}> as ${invite.roles.join(', ')}; the link (good for 7 days):`);
    print(url);
    return;
  }
  if (area === 'staff' && action === 'list') {
    const { members, invites } = await services.staff.people.list(ctx);
    for (const m of members) {
      print(`${m.id}  ${m.login}  ${m.name}  ${m.roles.join(',')}${m.removed ? '  (removed)' : ''}`);
    }
    for (const i of invites) print(`invited  ${i.login}  ${i.name}  ${i.roles.join(',')}  until ${i.expires_at}`);
    return;
  }
  throw new UsageError(`unknown command: ${[area, action].filter(Boolean).join(' ')}\n\n${USAGE}`);
}

export { UsageError };

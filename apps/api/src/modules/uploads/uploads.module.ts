import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { z } from 'zod';
import { defineModule } from '../../kernel/module';
import { defineJob, handle } from '../jobs/jobs.service';
import { uploadsRoutes } from './uploads.routes';
import { uploadsService, type UploadsService } from './uploads.service';

export interface UploadsSettings {
  /** where the bytes of uploads in progress and not yet taken in are kept (UPLOAD_DIR) */
  directory: string;
}

declare module '../../kernel/module' {
  interface ModuleServices {
    uploads: UploadsService;
  }
  interface ModuleSettings {
    uploads: UploadsSettings;
  }
}

/** Every day, the files taken in (or never finished) a day ago go. */
export const pruneUploadsJob = defineJob('uploads.prune', z.object({}).strict());

/** The back office's resumable uploads (tus), checked by their content (docs/uploads.md). */
export const uploadsModule = defineModule({
  name: 'uploads',
  dependsOn: [],
  create: (kernel) =>
    uploadsService(kernel, {
      directory: kernel.settings.uploads?.directory ?? join(tmpdir(), `nomsan-uploads-${process.pid}`),
    }),
  routes: async (app, { services }) => {
    await app.register(uploadsRoutes, { uploads: services.uploads });
  },
  jobs: (uploads, kernel) => [
    handle(pruneUploadsJob, async (ctx) => {
      const removed = await uploads.prune(ctx);
      if (removed > 0) kernel.log.info({ removed }, 'old uploads removed');
    }),
  ],
  schedules: [{ job: pruneUploadsJob, cron: '50 4 * * *' }],
});

import { z } from 'zod';
import { defineModule } from '../../kernel/module';
import { defineJob, handle, type JobsService } from './jobs.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    jobs: JobsService;
  }
}

/** The queue's own housekeeping: finished jobs go after a week, dead ones after a month. */
export const pruneJobsJob = defineJob('jobs.prune', z.object({}).strict());

/** The job queue (the kernel's), published to the other modules and to the operators' CLI. */
export const jobsModule = defineModule({
  name: 'jobs',
  dependsOn: [],
  create: (kernel) => kernel.jobs,
  jobs: (jobs, kernel) => [
    handle(pruneJobsJob, async (ctx) => {
      kernel.log.info(await jobs.prune(ctx), 'finished jobs pruned');
    }),
  ],
  schedules: [{ job: pruneJobsJob, cron: '10 4 * * *' }],
});

import type { FastifyPluginAsync } from 'fastify';
import { catalogImportEndpoints as endpoints } from '@nomsan/contracts/catalog-import.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import { transaction } from '../../kernel/unit-of-work';
import { actorOf, requireStaff } from '../staff/staff.service';

/**
 * ONIX imports (editors): a dry run reads a finished `onix` upload without taking it; applying
 * takes it (once) and writes the plan, its audit entries included, in one transaction.
 */
export const catalogImportRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const imports = services.catalog.imports;

  route(app, endpoints.preview, async (request) => {
    const staff = requireStaff(request);
    const upload = await services.uploads.peek(request.ctx, request.body.upload_id, staff.staffId, 'onix');
    return {
      data: await imports.preview(request.ctx, {
        id: request.body.upload_id,
        fileName: upload.fileName,
        path: upload.path,
      }),
    };
  });

  route(app, endpoints.apply, async (request) => {
    const staff = requireStaff(request);
    const { upload_id: id, plan } = request.body;
    return {
      data: await transaction(request.ctx, async (tx) => {
        const upload = await services.uploads.take(tx, id, staff.staffId, 'onix');
        const report = await imports.apply(tx, { id, fileName: upload.fileName, path: upload.path }, plan);
        // one entry a title made, changed or withdrawn, and one for the file, in the import's transaction
        await services.staff.audit.recordMany(tx, actorOf(staff), [
          ...report.created.map(({ book_id, ...made }) => ({
            action: 'catalog.import_create',
            objectType: 'book',
            objectId: book_id,
            after: made,
          })),
          ...report.changed.map(({ book_id, record, fields }) => ({
            action: fields.some((f) => f.field === 'status') ? 'catalog.import_withdraw' : 'catalog.import_update',
            objectType: 'book',
            objectId: book_id,
            before: Object.fromEntries(fields.map((f) => [f.field, f.before])),
            after: { record, ...Object.fromEntries(fields.map((f) => [f.field, f.after])) },
          })),
          {
            action: 'catalog.import',
            objectType: 'upload',
            objectId: id,
            after: {
              file: report.file_name,
              sender: report.sender,
              products: report.products,
              created: report.created.length,
              changed: report.changed.length,
              unchanged: report.unchanged,
              refused: report.refused.length,
            },
          },
        ]);
        return report;
      }),
    };
  });
};

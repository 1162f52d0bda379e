import { importApplyRequest, importPreviewRequest, importReportResponse } from './catalog-import';
import { defineEndpoint } from './endpoint';

const tags = ['staff'];
const editors = { staff: ['editor'] } as const;

/** A catalogue from an ONIX 3.0 file: a dry run, then the same plan applied (editors; docs/catalog-desk.md). */
export const catalogImportEndpoints = {
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/staff/catalog/imports/preview',
    tags,
    summary:
      'A dry run of a finished `onix` upload: the titles it would create (as drafts), the fields it would change (before and after), how many it leaves as they are, and the products refused with their reasons; nothing is written',
    body: importPreviewRequest,
    response: importReportResponse,
    ...editors,
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: '/api/staff/catalog/imports',
    tags,
    summary:
      "Applies a dry run's plan in one transaction (all of it or nothing, each title audited); refused with 409 when the catalogue changed since the dry run. A product is found again by its sender and RecordReference, so a re-import updates and never duplicates",
    body: importApplyRequest,
    response: importReportResponse,
    ...editors,
  }),
};

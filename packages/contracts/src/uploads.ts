import { z } from 'zod';
import { envelope } from './http';

/**
 * The back office's resumable uploads (docs/uploads.md): the tus 1.0 protocol at
 * `/api/staff/uploads` (creation, HEAD for the offset, PATCH for the bytes, termination), each
 * upload declared with `Upload-Metadata: kind <base64>, filename <base64>`.
 */
export const UPLOAD_KIND_NAMES = ['cover', 'epub', 'audio', 'transcript', 'onix'] as const;
export type UploadKindName = (typeof UPLOAD_KIND_NAMES)[number];

export const uploadView = z.object({
  id: z.string(),
  kind: z.enum(UPLOAD_KIND_NAMES),
  file_name: z.string(),
  size: z.number().int(),
  /** what its first bytes show (null until complete) */
  type: z.string().nullable(),
  status: z.enum(['uploading', 'ready', 'taken']),
  created_at: z.string(),
});
export type UploadView = z.infer<typeof uploadView>;
export const uploadsResponse = envelope(z.array(uploadView));

/** tus's request headers, as the document shows them */
export const tusHeaders = z.looseObject({
  'tus-resumable': z.string().max(20).optional(),
  'upload-length': z.string().max(20).optional(),
  'upload-offset': z.string().max(20).optional(),
  'upload-metadata': z.string().max(2000).optional(),
});
export const uploadIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

/** A module takes an upload in by its id. */
export const uploadIdField = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

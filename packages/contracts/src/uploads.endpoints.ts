import { defineEndpoint } from './endpoint';
import { tusHeaders, uploadIdParams, uploadsResponse } from './uploads';

const tags = ['staff'];
const editors = { staff: ['editor'] } as const;

/** Resumable uploads (tus 1.0) for the back office; HEAD `/api/staff/uploads/{id}` answers the offset. */
export const uploadsEndpoints = {
  recent: defineEndpoint({
    method: 'GET',
    path: '/api/staff/uploads',
    tags,
    summary: "One's latest uploads: uploading, ready to be taken in, or taken in",
    response: uploadsResponse,
    ...editors,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/staff/uploads',
    tags,
    summary: 'tus creation: Upload-Length and Upload-Metadata (kind, filename); answers 201 with its Location',
    headers: tusHeaders,
    response: 'text',
    ...editors,
  }),
  append: defineEndpoint({
    method: 'PATCH',
    path: '/api/staff/uploads/:id',
    tags,
    summary:
      'tus: the next bytes (application/offset+octet-stream) at Upload-Offset; a complete file is checked by its content',
    params: uploadIdParams,
    headers: tusHeaders,
    response: 'text',
    ...editors,
  }),
  terminate: defineEndpoint({
    method: 'DELETE',
    path: '/api/staff/uploads/:id',
    tags,
    summary: 'tus termination: the upload and its bytes go',
    params: uploadIdParams,
    headers: tusHeaders,
    response: 'text',
    ...editors,
  }),
};

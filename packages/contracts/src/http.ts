import { z } from 'zod';
import { mn, type ErrorCode } from './messages';

/** The envelope every JSON answer of the API uses: `{ data }`, or `{ error }` on failure. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.object({
      data: z.array(item),
      current_page: z.number().int(),
      last_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
    }),
  });

export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'BUSINESS_RULE',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
  'INVALID_CREDENTIALS',
  'CSRF_REJECTED',
  'OTP_INVALID',
] as const satisfies readonly ErrorCode[];

export const errorEnvelope = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** which fields were wrong, for validation errors */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Positive integer id in a path segment: '12' yes; '12abc', '0', '-1' no. */
export const idParam = z.coerce
  .number({ error: mn.validation.invalidId })
  .int({ error: mn.validation.idNotInteger })
  .positive({ error: mn.validation.idNotPositive })
  .max(2_147_483_647, { error: mn.validation.idTooLarge });

export const healthResponse = z.object({ status: z.literal('ok') });
export const readinessResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});

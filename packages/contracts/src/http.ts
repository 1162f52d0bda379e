import { z } from 'zod';
import { mn, type ErrorCode } from './messages';
import './zod-messages';

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
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
  'INVALID_CREDENTIALS',
  'CSRF_REJECTED',
  'OTP_INVALID',
  'EXPECTATION_FAILED',
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

export const MAX_ID = 2_147_483_647;

/**
 * Plain decimal digits, nothing else: JavaScript's `Number` would also read '0x10', '1e3',
 * ' 1' and '+1', so one resource would answer under many spellings.
 */
const DECIMAL = /^(0|[1-9][0-9]{0,9})$/;

/** Positive integer id in a path segment: '12' yes; '0x10', '+1', '012', '12abc', '0', '-1' no. */
export const idParam = z
  .string()
  .regex(DECIMAL, { error: mn.validation.invalidId })
  .transform(Number)
  .pipe(z.number().min(1, { error: mn.validation.idNotPositive }).max(MAX_ID, { error: mn.validation.idTooLarge }));

const SLUG_PREFIX = 'slug:';

/**
 * A numeric id, or `slug:{slug}` for pages that only know the slug. The parser of the pair;
 * `pathSegment` is its formatter.
 */
export const entityKey = z.union(
  [
    idParam.transform((id) => ({ id })),
    z
      .string()
      .regex(/^slug:[a-z0-9-]{1,120}$/)
      .transform((s) => ({ slug: s.slice(SLUG_PREFIX.length) })),
  ],
  { error: mn.validation.invalidId },
);
export type EntityKey = z.output<typeof entityKey>;

/** The key of a resource a caller names by id (a number) or by slug (a string). */
export const entityKeyOf = (idOrSlug: number | string): EntityKey =>
  typeof idOrSlug === 'number' ? { id: idOrSlug } : { slug: idOrSlug };

/**
 * A path parameter as the URL spells it, the inverse of what the API parses: an id in decimal,
 * an entity key as its id or `slug:{slug}`, any other text escaped as one segment.
 */
export function pathSegment(value: number | string | EntityKey): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return encodeURIComponent(value);
  return 'id' in value ? String(value.id) : `${SLUG_PREFIX}${encodeURIComponent(value.slug)}`;
}

/** `/:id` of a resource only ever named by its number. */
export const idParams = z.object({ id: idParam });
/** `/:id` of a resource named by its number or `slug:{slug}`. */
export const keyParams = z.object({ id: entityKey });

/** An integer query parameter, in plain decimal digits, from `min` to `max`. */
export const queryInt = (min: number, max: number, message?: string) =>
  z
    .string()
    .regex(DECIMAL, { error: message ?? mn.validation.wholeNumber })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: message ?? mn.validation.atLeast(String(min)) })
        .max(max, { error: message ?? mn.validation.atMost(String(max)) }),
    );

export const healthResponse = z.object({ status: z.literal('ok') });
export const readinessResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});

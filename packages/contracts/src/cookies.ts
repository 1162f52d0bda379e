/**
 * The cookie and header names the web app and the API agree on. Kept apart from the schemas
 * (no zod here), so the page shell can read them without loading the API client.
 */
export const SESSION_COOKIE = 'nomsan_session';
/** readable by the page's scripts; echoed in CSRF_HEADER by clients that send no Origin */
export const CSRF_COOKIE = 'nomsan_csrf';
export const CSRF_HEADER = 'x-csrf-token';

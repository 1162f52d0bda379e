import { redirect } from 'react-router';
import { createApiClient, isApiError, type ApiClient } from '@nomsan/contracts/client';
import { isSessionLost, signInHref } from './access';

let client: ApiClient | undefined;

/**
 * The typed client of the back office, in the browser only: same origin, so the staff cookie
 * (HttpOnly, SameSite=Strict) goes along with every call. The pages load their data here
 * rather than in server loaders: the HTML the server renders for /admin is the same for
 * everyone (the shared page cache may keep it, nothing personal in it), and a page opened from
 * a link in another site (mail, chat) still has the Strict cookie on its own calls.
 */
export function adminApi(): ApiClient {
  client ??= createApiClient({ baseUrl: '' });
  return client;
}

/**
 * A page's data: without a staff session (the API's 401 UNAUTHORIZED) the sign-in page, coming back to
 * this page afterwards; any other failure goes to the route's error boundary.
 */
export async function staffLoad<T>(request: Request, load: (api: ApiClient) => Promise<T>): Promise<T> {
  try {
    return await load(adminApi());
  } catch (error) {
    if (isApiError(error) && isSessionLost({ status: error.status, code: String(error.code) })) {
      const url = new URL(request.url);
      throw redirect(signInHref(`${url.pathname}${url.search}`));
    }
    throw error;
  }
}

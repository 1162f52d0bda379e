import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { accountPickerPage, parseForm, testAccount, type TestAccount } from './accounts';

export interface OAuth2IssuerOptions {
  /** mount path (not `prefix`: Fastify reserves that option), e.g. /sandbox/oauth/facebook */
  mountPath: string;
  /** provider name in subjects and titles, e.g. facebook */
  provider: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_S = 3600;

interface Grant {
  account: TestAccount;
  redirectUri: string;
  codeChallenge: string | undefined;
  expiresAt: number;
}

/**
 * A plain OAuth 2 authorization server (RFC 6749 authorization code, RFC 7636 PKCE) standing in
 * for Facebook and Toki: `{mountPath}/authorize` (an account picker), `{mountPath}/token`, and
 * `{mountPath}/me`, which answers the profile in Facebook's Graph shape
 * (`{ id, name, email, picture: { data: { url } } }`).
 */
export const sandboxOAuth2Issuer: FastifyPluginAsync<OAuth2IssuerOptions> = async (app, options) => {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, { account: TestAccount; expiresAt: number }>();
  /** forgets what has expired, so a long-running sandbox does not grow */
  const sweep = () => {
    const now = Date.now();
    for (const [key, value] of codes) if (value.expiresAt < now) codes.delete(key);
    for (const [key, value] of tokens) if (value.expiresAt < now) tokens.delete(key);
  };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, parseForm(String(body))),
  );

  const fail = (reply: FastifyReply, status: number, error: string) =>
    reply.status(status).header('cache-control', 'no-store').send({ error });

  function authorizationProblem(params: Record<string, string | undefined>): string | null {
    if (params.client_id !== options.clientId) return 'unknown client_id';
    if (!params.redirect_uri || !options.redirectUris.includes(params.redirect_uri))
      return 'redirect_uri not registered';
    if (params.response_type !== 'code') return 'response_type must be code';
    if (params.code_challenge && params.code_challenge_method !== 'S256') return 'code_challenge_method must be S256';
    return null;
  }

  app.get<{ Querystring: Record<string, string> }>(
    `${options.mountPath}/authorize`,
    { schema: { hide: true } },
    async (request, reply) => {
      const problem = authorizationProblem(request.query);
      if (problem) return reply.status(400).type('text/plain').send(problem);
      const keep = [
        'client_id',
        'redirect_uri',
        'response_type',
        'state',
        'scope',
        'code_challenge',
        'code_challenge_method',
      ];
      const hidden = Object.fromEntries(keep.flatMap((k) => (request.query[k] ? [[k, request.query[k]]] : [])));
      return reply
        .type('text/html; charset=utf-8')
        .send(
          accountPickerPage({ title: `Sandbox ${options.provider}`, action: `${options.mountPath}/authorize`, hidden }),
        );
    },
  );

  app.post<{ Body: Record<string, string> }>(
    `${options.mountPath}/authorize`,
    { schema: { hide: true } },
    async (request, reply) => {
      const params = request.body ?? {};
      const problem = authorizationProblem(params) ?? (params.email ? null : 'email required');
      if (problem) return reply.status(400).type('text/plain').send(problem);
      const code = randomBytes(24).toString('base64url');
      sweep();
      codes.set(code, {
        account: testAccount(options.provider, params.email ?? '', params.name),
        redirectUri: params.redirect_uri ?? '',
        codeChallenge: params.code_challenge,
        expiresAt: Date.now() + CODE_TTL_MS,
      });
      const target = new URL(params.redirect_uri ?? '');
      target.searchParams.set('code', code);
      if (params.state) target.searchParams.set('state', params.state);
      return reply.redirect(target.toString(), 302);
    },
  );

  app.post<{ Body: Record<string, string> }>(
    `${options.mountPath}/token`,
    { schema: { hide: true } },
    async (request, reply) => {
      const body = request.body ?? {};
      const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const [id, secret] = basic ? basicCredentials(basic) : [body.client_id, body.client_secret];
      if (id !== options.clientId || secret !== options.clientSecret) return fail(reply, 401, 'invalid_client');
      const grant = body.code ? codes.get(body.code) : undefined;
      if (body.code) codes.delete(body.code);
      if (body.grant_type !== 'authorization_code' || !grant || grant.expiresAt < Date.now()) {
        return fail(reply, 400, 'invalid_grant');
      }
      if (grant.redirectUri !== body.redirect_uri) return fail(reply, 400, 'invalid_grant');
      if (grant.codeChallenge) {
        const computed = createHash('sha256')
          .update(body.code_verifier ?? '')
          .digest('base64url');
        if (computed !== grant.codeChallenge) return fail(reply, 400, 'invalid_grant');
      }
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, { account: grant.account, expiresAt: Date.now() + TOKEN_TTL_S * 1000 });
      return reply
        .header('cache-control', 'no-store')
        .send({ access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_TTL_S });
    },
  );

  app.get(`${options.mountPath}/me`, { schema: { hide: true } }, async (request, reply) => {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const entry = token ? tokens.get(token) : undefined;
    if (!entry || entry.expiresAt < Date.now()) return fail(reply, 401, 'invalid_token');
    const { account } = entry;
    return reply.header('cache-control', 'no-store').send({
      id: account.subject,
      name: account.name,
      email: account.email,
      picture: { data: { url: null } },
    });
  });
};

/**
 * `client_id:client_secret` from HTTP Basic, each form-encoded (RFC 6749 section 2.3.1). Anything
 * that does not decode is no credential: the client is refused with invalid_client, as a real
 * provider answers.
 */
function basicCredentials(encoded: string): [string | undefined, string | undefined] {
  const [id, secret] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  try {
    return [
      id === undefined ? undefined : decodeURIComponent(id.replaceAll('+', ' ')),
      secret === undefined ? undefined : decodeURIComponent(secret.replaceAll('+', ' ')),
    ];
  } catch {
    return [undefined, undefined];
  }
}

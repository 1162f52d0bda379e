import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Configuration } from 'oidc-provider';
import { accountPickerPage, parseForm, testAccount, type TestAccount } from './accounts';

export interface OidcIssuerOptions {
  /** mount path (not `prefix`: Fastify reserves that option), e.g. /sandbox/oidc/google */
  mountPath: string;
  /** the public origin the browser reaches the server at */
  publicBaseUrl: string;
  provider: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/**
 * An OpenID Connect issuer (oidc-provider) standing in for Google: discovery, authorization
 * with PKCE, token, userinfo and JWKS, all under `mountPath`; its sign-in page is an account
 * picker. Only for the sandbox: in-memory storage, keys made at start.
 */
export const sandboxOidcIssuer: FastifyPluginAsync<OidcIssuerOptions> = async (app, options) => {
  const accounts = new Map<string, TestAccount>();
  const issuer = `${options.publicBaseUrl}${options.mountPath}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'sandbox', use: 'sig', alg: 'RS256' }] as never },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${options.mountPath}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name, picture: null }),
      };
    },
  };
  const provider = await quietly(async () => new (await import('oidc-provider')).default(issuer, configuration));
  const callback = provider.callback();

  // The provider's own endpoints read their bodies themselves.
  await app.register(async (raw: FastifyInstance) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    raw.all(`${options.mountPath}/*`, { schema: { hide: true } }, async (request, reply) => {
      reply.hijack();
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      req.originalUrl = request.url;
      req.url = request.url.slice(options.mountPath.length) || '/';
      await callback(req, reply.raw);
    });
  });

  await app.register(async (pages: FastifyInstance) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, parseForm(String(body))),
    );
    pages.get<{ Params: { uid: string } }>(
      `${options.mountPath}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        await provider.interactionDetails(request.raw, reply.raw);
        return reply.type('text/html; charset=utf-8').send(
          accountPickerPage({
            title: `Sandbox ${options.provider}`,
            action: `${options.mountPath}/interaction/${encodeURIComponent(request.params.uid)}/login`,
          }),
        );
      },
    );
    pages.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      `${options.mountPath}/interaction/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const email = request.body?.email ?? '';
        if (!/^[^\s@]+@[^\s@]+$/.test(email)) return reply.status(400).type('text/plain').send('e-mail required');
        const account = testAccount(options.provider, email, request.body?.name);
        accounts.set(account.subject, account);
        const grant = new provider.Grant({ accountId: account.subject, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        const target = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: account.subject }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(target, 303);
      },
    );
  });
};

/**
 * oidc-provider is loaded only when the sandbox issuer is mounted. On import and construction it
 * warns that it prefers Node 22 (it works on Node 20: the tests run the whole flow) and that its
 * storage is in memory (what a sandbox wants). Both are expected here, and two such lines in
 * every embedded start would only confuse, so its warnings are left out while it starts.
 */
async function quietly<T>(start: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING:')) return;
    warn(...args);
  };
  try {
    return await start();
  } finally {
    console.warn = warn;
  }
}

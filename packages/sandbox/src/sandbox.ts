import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sandboxOAuth2Issuer } from './oauth2-issuer';
import { sandboxOidcIssuer } from './oidc-issuer';
import { Outbox } from './outbox';
import { outboxRoutes } from './outbox-routes';
import { SANDBOX_SMS_PATH, sandboxSmsGateway } from './sms-gateway';
import { startSandboxSmtp } from './smtp';

export interface SandboxOptions {
  /** the public origin; issuers and the gateway live under it */
  publicBaseUrl: string;
  /** where each provider sends the browser back (the web app's callback pages) */
  callbackPaths: { google: string; facebook: string; toki: string };
}

/** Where the real adapters find the stand-ins: the same settings a real provider would need. */
export interface SandboxProviders {
  outbox: Outbox;
  sms: { url: string; token: string; sender: string };
  mail: { url: string; from: string };
  google: { issuer: string; clientId: string; clientSecret: string };
  facebook: OAuth2Endpoints;
  toki: OAuth2Endpoints;
}

export interface OAuth2Endpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  clientId: string;
  clientSecret: string;
}

const secret = () => randomBytes(24).toString('base64url');

/**
 * Mounts every stand-in on the app: the SMS gateway, an SMTP server on a loopback port, the
 * Google-like OpenID Connect issuer, the Facebook- and Toki-like OAuth 2 issuers, and the
 * developer outbox at /dev/outbox. The caller decides that the sandbox is on; this never runs in
 * a production configuration (apps/server/src/config.ts refuses it).
 */
export async function registerSandbox(app: FastifyInstance, options: SandboxOptions): Promise<SandboxProviders> {
  const base = options.publicBaseUrl;
  const outbox = new Outbox();
  const smsToken = secret();
  await app.register(sandboxSmsGateway, { outbox, token: smsToken });
  await app.register(outboxRoutes, { outbox });
  const smtp = await startSandboxSmtp(outbox);
  app.addHook('onClose', async () => smtp.close());

  const google = { issuer: `${base}/sandbox/oidc/google`, clientId: 'nomsan-sandbox', clientSecret: secret() };
  await app.register(sandboxOidcIssuer, {
    mountPath: '/sandbox/oidc/google',
    publicBaseUrl: base,
    provider: 'google',
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUris: [`${base}${options.callbackPaths.google}`],
  });

  async function oauth2(provider: 'facebook' | 'toki'): Promise<OAuth2Endpoints> {
    const prefix = `/sandbox/oauth/${provider}`;
    const endpoints = {
      authorizationEndpoint: `${base}${prefix}/authorize`,
      tokenEndpoint: `${base}${prefix}/token`,
      userinfoEndpoint: `${base}${prefix}/me`,
      clientId: 'nomsan-sandbox',
      clientSecret: secret(),
    };
    await app.register(sandboxOAuth2Issuer, {
      mountPath: prefix,
      provider,
      clientId: endpoints.clientId,
      clientSecret: endpoints.clientSecret,
      redirectUris: [`${base}${options.callbackPaths[provider]}`],
    });
    return endpoints;
  }

  return {
    outbox,
    sms: { url: `${base}${SANDBOX_SMS_PATH}`, token: smsToken, sender: 'Nomsan' },
    mail: { url: smtp.url, from: 'Номсан <no-reply@nomsan.local>' },
    google,
    facebook: await oauth2('facebook'),
    toki: await oauth2('toki'),
  };
}

import * as client from 'openid-client';
import type { OAuthProvider } from '@nomsan/contracts/identity';

/** Google (or any OpenID Connect issuer): discovered from its issuer URL. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** A plain OAuth 2 provider (Facebook, Toki): endpoints given, the profile read from userinfo. */
export interface OAuth2ProviderConfig {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** whether the provider only hands out e-mail addresses it has verified */
  emailVerified: boolean;
}

/** Who the provider says signed in. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** What the start of a sign-in keeps for its callback (in the signed `nomsan_oauth` cookie). */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OAuthAdapter {
  authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL>;
  /** exchanges the code (PKCE, state and, for OIDC, nonce and ID token checked) for the identity */
  identify(callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderIdentity>;
}

export const newChecks = (): AuthorizationChecks => ({
  state: client.randomState(),
  nonce: client.randomNonce(),
  codeVerifier: client.randomPKCECodeVerifier(),
});

const TIMEOUT_S = 10;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Plain http is refused by openid-client unless asked for: allowed only for loopback issuers. */
function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

function configure(configuration: client.Configuration, url: string, fetchImpl: typeof fetch | undefined) {
  configuration.timeout = TIMEOUT_S;
  if (fetchImpl) configuration[client.customFetch] = fetchImpl as client.CustomFetch;
  if (isLocal(url)) client.allowInsecureRequests(configuration);
}

export function oidcAdapter(config: OidcProviderConfig, fetchImpl?: typeof fetch): OAuthAdapter {
  let discovered: Promise<client.Configuration> | undefined;
  // Discovered once; a failed discovery is retried on the next sign-in.
  const configuration = () =>
    (discovered ??= client
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        ...(fetchImpl ? { [client.customFetch]: fetchImpl as client.CustomFetch } : {}),
        ...(isLocal(config.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: TIMEOUT_S,
      })
      .then(
        (c) => {
          configure(c, config.issuer, fetchImpl);
          return c;
        },
        (error: unknown) => {
          discovered = undefined;
          throw error;
        },
      ));

  return {
    async authorizationUrl(redirectUri, checks) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async identify(callbackUrl, checks) {
      const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken?.sub) throw new Error('ID token without subject');
      // Google puts e-mail and name in the ID token; other issuers only answer them at userinfo.
      const claims =
        idToken.email === undefined
          ? await client.fetchUserInfo(await configuration(), tokens.access_token, idToken.sub)
          : idToken;
      return {
        subject: idToken.sub,
        email: text(claims.email)?.toLowerCase() ?? null,
        emailVerified: claims.email_verified === true,
        name: text(claims.name),
      };
    },
  };
}

export function oauth2Adapter(config: OAuth2ProviderConfig, fetchImpl?: typeof fetch): OAuthAdapter {
  const configuration = new client.Configuration(
    {
      issuer: new URL(config.authorizationEndpoint).origin,
      authorization_endpoint: config.authorizationEndpoint,
      token_endpoint: config.tokenEndpoint,
    },
    config.clientId,
    config.clientSecret,
  );
  configure(configuration, config.tokenEndpoint, fetchImpl);

  return {
    async authorizationUrl(redirectUri, checks) {
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: config.scope,
        state: checks.state,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async identify(callbackUrl, checks) {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
      });
      const response = await client.fetchProtectedResource(
        configuration,
        tokens.access_token,
        new URL(config.userinfoEndpoint),
        'GET',
      );
      if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
      const profile = (await response.json()) as Record<string, unknown>;
      const subject =
        text(profile.id) ?? text(profile.sub) ?? (typeof profile.id === 'number' ? String(profile.id) : null);
      if (!subject) throw new Error('profile without id');
      const email = text(profile.email)?.toLowerCase() ?? null;
      return { subject, email, emailVerified: config.emailVerified && email !== null, name: text(profile.name) };
    },
  };
}

export type OAuthAdapters = Partial<Record<OAuthProvider, OAuthAdapter>>;

const FACEBOOK_GRAPH = 'https://graph.facebook.com/v21.0';

/** Facebook Login: the Graph API's OAuth 2 endpoints; e-mails it returns are verified. */
export function facebookProvider(clientId: string, clientSecret: string): OAuth2ProviderConfig {
  return {
    authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenEndpoint: `${FACEBOOK_GRAPH}/oauth/access_token`,
    userinfoEndpoint: `${FACEBOOK_GRAPH}/me?fields=id,name,email`,
    clientId,
    clientSecret,
    scope: 'email public_profile',
    emailVerified: true,
  };
}

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponse,
  deviceHeaders,
  loginRequest,
  oauthCallbackPaths,
  oauthCallbackRequest,
  oauthLoginResponse,
  oauthProviders,
  oauthProvidersResponse,
  oauthStartParams,
  oauthStartQuery,
  okResponse,
  otpSendRequest,
  otpSendResponse,
  otpVerifyRequest,
  otpVerifyResponse,
  registerHeaders,
  registerRequest,
  resetPasswordRequest,
  socialAccountParams,
  socialAccountsResponse,
  userQuery,
  userResponse,
  type AuthSession,
  type OAuthCallbackRequest,
  type OAuthProvider,
} from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import { describeDevice } from './device';
import type { IdentityService, SignInContext } from './identity.service';
import { newChecks, type AuthorizationChecks, type OAuthAdapters, type ProviderIdentity } from './oauth';
import { clearSessionCookies, requireUser, setSessionCookies } from './session';
import type { SessionsService } from './sessions.service';
import { sameSecret } from './tokens';

export interface IdentityRoutesOptions {
  identity: IdentityService;
  sessions: SessionsService;
  oauth: OAuthAdapters;
  publicBaseUrl: string;
  /** the session cookie's lifetime: the session's absolute one */
  sessionMaxAgeS: number;
  onProviderError: (error: unknown, provider: OAuthProvider) => void;
}

/** Between the start of a social sign-in and its callback (signed, HttpOnly, 10 minutes). */
const OAUTH_COOKIE = 'nomsan_oauth';
const OAUTH_COOKIE_MAX_AGE_S = 600;
const pendingSignIn = z.object({
  provider: z.enum(['google', 'facebook', 'toki']),
  intent: z.enum(['login', 'link']),
  prev: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
});

const tags = ['accounts'];

export function signInContext(request: FastifyRequest): SignInContext {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value ? value : undefined;
  };
  return {
    device: describeDevice({
      userAgent: header('user-agent'),
      deviceUuid: header('device-uuid'),
      clientId: header('client-id'),
      appVersion: header('app-version'),
    }),
    presentedToken: request.session?.token ?? null,
    ip: request.ip,
  };
}

/** Sign-up, sign-in (codes, passwords, providers), sign-out and the current user. */
export const identityRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (app, options) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { identity, sessions } = options;
  const enabledProviders = () => Object.keys(options.oauth) as OAuthProvider[];
  const optional = { auth: 'optional' as const };
  const required = { auth: 'required' as const };

  /** Sets the session cookies of a sign-in and answers its session. */
  function signedIn(request: FastifyRequest, reply: FastifyReply, result: { auth: AuthSession; token: string }) {
    setSessionCookies(request, reply, {
      token: result.token,
      csrf: sessions.csrfToken(result.token),
      maxAgeS: options.sessionMaxAgeS,
    });
    return result.auth;
  }

  api.post(
    '/v4/auth/otp',
    {
      config: optional,
      schema: { tags, summary: 'Send a one-time code', body: otpSendRequest, response: { 200: otpSendResponse } },
    },
    async (request) => {
      const { purpose, phone, email } = request.body;
      const to = phone
        ? { channel: 'sms' as const, address: phone }
        : { channel: 'email' as const, address: email ?? '' };
      return {
        data: await identity.sendCode(purpose, to, { ip: request.ip, userId: request.session?.userId ?? null }),
      };
    },
  );

  // `::` is a literal colon in Fastify paths: this is /v4/auth/otp:verify.
  api.post(
    '/v4/auth/otp::verify',
    {
      config: optional,
      schema: {
        tags,
        summary: 'Verify a one-time code',
        headers: deviceHeaders,
        body: otpVerifyRequest,
        response: { 200: otpVerifyResponse },
      },
    },
    async (request, reply) => {
      const { challenge_id, purpose, code } = request.body;
      const result = await identity.verifyCode(
        { challengeId: challenge_id, purpose, code },
        { ...signInContext(request), userId: request.session?.userId ?? null },
      );
      if (result.status === 'signed_in') {
        return { data: { status: result.status, session: signedIn(request, reply, result) } };
      }
      return { data: result };
    },
  );

  api.post(
    '/v4/auth/register',
    {
      config: optional,
      schema: {
        tags,
        summary: 'Create an account with a verified code',
        headers: registerHeaders,
        body: registerRequest,
        response: { 200: authResponse },
      },
    },
    async (request, reply) => {
      const { verification_token, name, password } = request.body;
      const result = await identity.register(
        { verificationToken: verification_token, name, password },
        signInContext(request),
      );
      return { data: signedIn(request, reply, result) };
    },
  );

  api.post(
    '/v4/auth/login',
    {
      config: optional,
      schema: {
        tags,
        summary: 'Sign in with a phone number or e-mail and a password',
        headers: deviceHeaders,
        body: loginRequest,
        response: { 200: authResponse },
      },
    },
    async (request, reply) => ({
      data: signedIn(request, reply, await identity.login(request.body, signInContext(request))),
    }),
  );

  api.post(
    '/v4/auth/reset-password',
    {
      config: optional,
      schema: {
        tags,
        summary: 'Set a new password with a verified code; signs out every other device',
        headers: deviceHeaders,
        body: resetPasswordRequest,
        response: { 200: authResponse },
      },
    },
    async (request, reply) => {
      const { verification_token, password } = request.body;
      const result = await identity.resetPassword(
        { verificationToken: verification_token, password },
        signInContext(request),
      );
      return { data: signedIn(request, reply, result) };
    },
  );

  api.post(
    '/v4/auth/logout',
    { config: optional, schema: { tags, summary: 'Sign this device out', response: { 200: okResponse } } },
    async (request, reply) => {
      if (request.session) await sessions.end(request.session.token);
      clearSessionCookies(request, reply);
      return { data: { ok: true as const } };
    },
  );

  api.get(
    '/api/user',
    {
      config: required,
      schema: { tags, summary: 'The signed-in user', querystring: userQuery, response: { 200: userResponse } },
    },
    async (request) => ({
      data: await identity.user(requireUser(request).userId, { likes: request.query.include === 'likes' }),
    }),
  );

  // Social accounts -----------------------------------------------------------------------------

  function adapterFor(provider: OAuthProvider) {
    const adapter = options.oauth[provider];
    if (!adapter) throw new AppError('NOT_FOUND', mn.auth.providerUnavailable);
    return adapter;
  }

  api.get(
    '/api/oauth/providers',
    {
      schema: {
        tags,
        summary: 'The social sign-in providers this store offers',
        response: { 200: oauthProvidersResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { data: oauthProviders.filter((provider) => options.oauth[provider]) };
    },
  );

  api.get(
    '/api/oauth/:provider/start',
    {
      config: optional,
      schema: {
        tags,
        summary: 'Start signing in (or linking) with a provider: redirects to it',
        params: oauthStartParams,
        querystring: oauthStartQuery,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { intent, prev } = request.query;
      const adapter = adapterFor(provider);
      if (intent === 'link') requireUser(request);
      const checks = newChecks();
      let target: URL;
      try {
        target = await adapter.authorizationUrl(`${options.publicBaseUrl}${oauthCallbackPaths[provider]}`, checks);
      } catch (error) {
        options.onProviderError(error, provider);
        throw new AppError('UNAVAILABLE', mn.auth.providerUnavailable);
      }
      reply.setCookie(OAUTH_COOKIE, JSON.stringify({ provider, intent, prev, ...checks }), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        signed: true,
        maxAge: OAUTH_COOKIE_MAX_AGE_S,
      });
      return reply.redirect(target.toString(), 302);
    },
  );

  /** The provider's answer, checked against what the start left in the signed cookie. */
  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    body: OAuthCallbackRequest,
    intent: 'login' | 'link',
  ): Promise<{ identity: ProviderIdentity; prev: string }> {
    const adapter = adapterFor(body.provider);
    const failed = () => new AppError('BAD_REQUEST', mn.auth.oauthFailed);
    const raw = request.cookies[OAUTH_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    reply.clearCookie(OAUTH_COOKIE, { path: '/' });
    const pending = unsigned?.valid && unsigned.value ? pendingSignIn.safeParse(safeJson(unsigned.value)) : null;
    if (!pending?.success) throw failed();
    const expected = pending.data;
    if (expected.provider !== body.provider || expected.intent !== intent || !sameSecret(expected.state, body.state)) {
      throw failed();
    }
    const callback = new URL(`${options.publicBaseUrl}${oauthCallbackPaths[body.provider]}`);
    callback.searchParams.set('code', body.code);
    callback.searchParams.set('state', body.state);
    if (body.iss) callback.searchParams.set('iss', body.iss);
    const checks: AuthorizationChecks = {
      state: expected.state,
      nonce: expected.nonce,
      codeVerifier: expected.codeVerifier,
    };
    try {
      return { identity: await adapter.identify(callback, checks), prev: expected.prev };
    } catch (error) {
      options.onProviderError(error, body.provider);
      throw failed();
    }
  }

  api.post(
    '/api/oauth-login/v3',
    {
      config: optional,
      schema: {
        tags,
        summary: "Finish signing in with a provider: the callback page's code and state",
        headers: deviceHeaders,
        body: oauthCallbackRequest,
        response: { 200: oauthLoginResponse },
      },
    },
    async (request, reply) => {
      const { identity: who, prev } = await finish(request, reply, request.body, 'login');
      const result = await identity.loginWithProvider(request.body.provider, who, signInContext(request));
      return { data: { ...signedIn(request, reply, result), prev, created: result.created } };
    },
  );

  api.get(
    '/api/user/v3/social-accounts',
    {
      config: required,
      schema: { tags, summary: 'Providers and which are linked', response: { 200: socialAccountsResponse } },
    },
    async (request) => ({ data: await identity.socialAccounts(requireUser(request).userId, enabledProviders()) }),
  );

  api.post(
    '/api/user/v3/social-accounts',
    {
      config: required,
      schema: {
        tags,
        summary: 'Link a provider account (callback of a start with intent=link)',
        body: oauthCallbackRequest,
        response: { 200: socialAccountsResponse },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const { identity: who } = await finish(request, reply, request.body, 'link');
      return { data: await identity.linkProvider(userId, request.body.provider, who, enabledProviders()) };
    },
  );

  api.delete(
    '/api/user/v3/social-accounts/:provider',
    {
      config: required,
      schema: {
        tags,
        summary: 'Unlink a provider account',
        params: socialAccountParams,
        response: { 200: socialAccountsResponse },
      },
    },
    async (request) => ({
      data: await identity.unlinkProvider(requireUser(request).userId, request.params.provider, enabledProviders()),
    }),
  );
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

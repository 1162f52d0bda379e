import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  oauthCallbackPaths,
  oauthProviders,
  type AuthSession,
  type OAuthCallbackRequest,
  type OAuthProvider,
} from '@nomsan/contracts/identity';
import { identityEndpoints as endpoints } from '@nomsan/contracts/identity.endpoints';
import { mn } from '@nomsan/contracts/messages';
import type { Ctx } from '../../kernel/unit-of-work';
import { AppError } from '../../errors';
import { route } from '../../lib/endpoint-route';
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
  /** the ids of the books a member likes (the library's), for `?include=likes` */
  likedBooks: (ctx: Ctx, userId: number) => Promise<number[]>;
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
  const { identity, sessions } = options;
  const enabledProviders = () => Object.keys(options.oauth) as OAuthProvider[];

  /** Sets the session cookies of a sign-in and answers its session. */
  function signedIn(request: FastifyRequest, reply: FastifyReply, result: { auth: AuthSession; token: string }) {
    setSessionCookies(request, reply, {
      token: result.token,
      csrf: sessions.csrfToken(result.token),
      maxAgeS: options.sessionMaxAgeS,
    });
    return result.auth;
  }

  route(app, endpoints.sendOtp, async (request) => {
    const { purpose, phone, email } = request.body;
    const to = phone
      ? { channel: 'sms' as const, address: phone }
      : { channel: 'email' as const, address: email ?? '' };
    return {
      data: await identity.sendCode(request.ctx, purpose, to, {
        ip: request.ip,
        userId: request.session?.userId ?? null,
      }),
    };
  });

  route(app, endpoints.verifyOtp, async (request, reply) => {
    const { challenge_id, purpose, code } = request.body;
    const result = await identity.verifyCode(
      request.ctx,
      { challengeId: challenge_id, purpose, code },
      { ...signInContext(request), userId: request.session?.userId ?? null },
    );
    if (result.status === 'signed_in') {
      return { data: { status: result.status, session: signedIn(request, reply, result) } };
    }
    return { data: result };
  });

  route(app, endpoints.register, async (request, reply) => {
    const { verification_token, name, password } = request.body;
    const result = await identity.register(
      request.ctx,
      { verificationToken: verification_token, name, password },
      signInContext(request),
    );
    return { data: signedIn(request, reply, result) };
  });

  route(app, endpoints.login, async (request, reply) => ({
    data: signedIn(request, reply, await identity.login(request.ctx, request.body, signInContext(request))),
  }));

  route(app, endpoints.resetPassword, async (request, reply) => {
    const { verification_token, password } = request.body;
    const result = await identity.resetPassword(
      request.ctx,
      { verificationToken: verification_token, password },
      signInContext(request),
    );
    return { data: signedIn(request, reply, result) };
  });

  route(app, endpoints.logout, async (request, reply) => {
    if (request.session) await sessions.end(request.ctx, request.session.token);
    clearSessionCookies(request, reply);
    return { data: { ok: true as const } };
  });

  route(app, endpoints.currentUser, async (request) => {
    const { userId } = requireUser(request);
    const likes = request.query.include === 'likes' ? await options.likedBooks(request.ctx, userId) : undefined;
    return { data: await identity.user(request.ctx, userId, likes) };
  });

  // Social accounts -----------------------------------------------------------------------------

  function adapterFor(provider: OAuthProvider) {
    const adapter = options.oauth[provider];
    if (!adapter) throw new AppError('NOT_FOUND', mn.auth.providerUnavailable);
    return adapter;
  }

  route(app, endpoints.oauthProviders, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { data: oauthProviders.filter((provider) => options.oauth[provider]) };
  });

  route(app, endpoints.oauthStart, async (request, reply) => {
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
  });

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

  route(app, endpoints.oauthLogin, async (request, reply) => {
    const { identity: who, prev } = await finish(request, reply, request.body, 'login');
    const result = await identity.loginWithProvider(request.ctx, request.body.provider, who, signInContext(request));
    return { data: { ...signedIn(request, reply, result), prev, created: result.created } };
  });

  route(app, endpoints.socialAccounts, async (request) => ({
    data: await identity.socialAccounts(request.ctx, requireUser(request).userId, enabledProviders()),
  }));

  route(app, endpoints.linkSocialAccount, async (request, reply) => {
    const { userId } = requireUser(request);
    const { identity: who } = await finish(request, reply, request.body, 'link');
    return { data: await identity.linkProvider(request.ctx, userId, request.body.provider, who, enabledProviders()) };
  });

  route(app, endpoints.unlinkSocialAccount, async (request) => ({
    data: await identity.unlinkProvider(
      request.ctx,
      requireUser(request).userId,
      request.params.provider,
      enabledProviders(),
    ),
  }));
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

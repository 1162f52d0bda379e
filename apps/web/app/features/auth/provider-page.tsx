import { Link } from 'react-router';
import type { OAuthProvider } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { withPrev } from '~/lib/return-path';
import { PROVIDER_NAMES } from '~/ui/provider-icons';
import { AuthCard, textLinkClass } from './auth-card';
import { ProviderButton } from './social-buttons';

const t = mn.authPages;

/** `/auth/google`, `/auth/register/google`...: what happens next, and the way to the provider. */
export function ProviderPage({
  provider,
  variant,
  prev,
}: {
  provider: OAuthProvider;
  variant: 'sign-in' | 'register';
  prev: string;
}) {
  const name = PROVIDER_NAMES[provider];
  return (
    <AuthCard
      title={variant === 'register' ? t.registerWithProvider(name) : t.withProvider(name)}
      lead={t.providerLead(name)}
      footer={
        <Link to={withPrev(variant === 'register' ? '/auth/register' : '/auth', prev)} className={textLinkClass}>
          {t.otherMethods}
        </Link>
      }
    >
      {variant === 'register' ? <p className="mb-5 text-sm text-muted">{t.providerRegisterLead(name)}</p> : null}
      <ProviderButton provider={provider} prev={prev} variant={variant} label={t.continueTo(name)} />
    </AuthCard>
  );
}

/** '/auth/register/toki' -> toki, register */
export function providerPageOf(pathname: string): { provider: OAuthProvider; variant: 'sign-in' | 'register' } | null {
  const match = /^\/auth\/(register\/)?(google|facebook|toki)\/?$/.exec(pathname);
  if (!match) return null;
  return { provider: match[2] as OAuthProvider, variant: match[1] ? 'register' : 'sign-in' };
}

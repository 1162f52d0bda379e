import type { OAuthProvider } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { oauthStartHref } from '~/lib/browser-api';
import { forgetLinking } from '~/lib/oauth-intent';
import { buttonClass } from '~/ui/buttons';
import { PROVIDER_NAMES, ProviderIcon } from '~/ui/provider-icons';

const t = mn.authPages;

/** Google, Facebook, Toki (those offered): each leaves for the provider and comes back to `prev` signed in. */
export function SocialButtons({
  providers,
  prev,
  variant,
}: {
  providers: readonly OAuthProvider[];
  prev: string;
  variant: 'sign-in' | 'register';
}) {
  return (
    <ul className="space-y-3">
      {providers.map((provider) => (
        <li key={provider}>
          <ProviderButton provider={provider} prev={prev} variant={variant} />
        </li>
      ))}
    </ul>
  );
}

export function ProviderButton({
  provider,
  prev,
  variant,
  label,
}: {
  provider: OAuthProvider;
  prev: string;
  variant: 'sign-in' | 'register';
  label?: string;
}) {
  const name = PROVIDER_NAMES[provider];
  return (
    <a
      href={oauthStartHref(provider, { intent: 'login', prev })}
      // A link started from settings earlier must not turn this sign-in into a link.
      onClick={() => forgetLinking()}
      className={buttonClass('secondary', 'md', 'w-full')}
    >
      <ProviderIcon provider={provider} />
      {label ?? (variant === 'register' ? t.registerWithProvider(name) : t.withProvider(name))}
    </a>
  );
}

import { useFetcher } from 'react-router';
import type { OAuthProvider, SocialAccount } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { oauthStartHref } from '~/lib/browser-api';
import { formatDate } from '~/lib/format';
import type { ActionResult } from '~/lib/form';
import { rememberLinking } from '~/lib/oauth-intent';
import { useRetryWait } from '~/lib/retry-wait';
import { buttonClass } from '~/ui/buttons';
import { FormMessage } from '~/ui/form';
import { PROVIDER_NAMES, ProviderIcon } from '~/ui/provider-icons';
import { FormAlert } from '~/ui/retry-notice';

const t = mn.settings;
const HERE = '/settings/social-accounts';

/**
 * Google, Facebook and Toki: link one (a trip to the provider that comes back here) or unlink it
 * (refused when it is the last way to sign in).
 */
export function SocialAccountList({ accounts }: { accounts: SocialAccount[] }) {
  const fetcher = useFetcher<ActionResult<{ unlinked: OAuthProvider }>>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const unlinking = fetcher.state !== 'idle' ? fetcher.formData?.get('provider') : undefined;
  const retry = useRetryWait(result);
  return (
    <div className="space-y-4">
      {result?.ok ? <FormMessage tone="success">{t.unlinked(PROVIDER_NAMES[result.unlinked])}</FormMessage> : null}
      <FormAlert
        message={result && !result.ok && !retry.over ? result.message : null}
        wait={retry.wait}
        onWaitEnd={retry.end}
      />
      <ul className="divide-y divide-line rounded-2xl border border-line">
        {accounts.map((account) => {
          const name = PROVIDER_NAMES[account.provider];
          return (
            <li key={account.provider} className="flex flex-wrap items-center gap-4 p-4 sm:p-5">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface">
                <ProviderIcon provider={account.provider} size={24} />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{name}</p>
                <p className="truncate text-sm text-muted">
                  {account.linked
                    ? account.label
                      ? t.linkedAs(account.label)
                      : t.linkedNoLabel
                    : account.enabled
                      ? t.notLinked
                      : t.unavailable}
                  {account.linked && account.linked_at ? ` · ${formatDate(account.linked_at)}` : null}
                </p>
              </div>
              {account.linked ? (
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="unlink" />
                  <input type="hidden" name="provider" value={account.provider} />
                  <button
                    type="submit"
                    disabled={unlinking === account.provider || retry.wait !== null}
                    aria-label={`${name}: ${t.unlink}`}
                    className={buttonClass('secondary', 'sm')}
                  >
                    {t.unlink}
                  </button>
                </fetcher.Form>
              ) : account.enabled ? (
                <a
                  href={oauthStartHref(account.provider, { intent: 'link', prev: HERE })}
                  onClick={() => rememberLinking(account.provider)}
                  aria-label={`${name}: ${t.link}`}
                  className={buttonClass('primary', 'sm')}
                >
                  {t.link}
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

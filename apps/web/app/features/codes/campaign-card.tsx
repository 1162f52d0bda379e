import { useState } from 'react';
import { Link } from 'react-router';
import type { Campaign } from '@nomsan/contracts/codes';
import { mn } from '@nomsan/contracts/messages';
import { buttonClass } from '~/ui/buttons';
import { Countdown } from '~/ui/countdown';
import { benefitText } from './benefit';

const t = mn.codePages;

/** Seconds from `now` (the loader's clock, so server and browser render the same) to `iso`. */
const secondsUntil = (iso: string, now: number) => Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));

/**
 * A public campaign on `/promo`: what it gives, its code (with a copy button), the way to
 * activate it, and the time left (days and h:m:s; "Урамшуулал дууссан" once over).
 */
export function CampaignCard({ campaign, now }: { campaign: Campaign; now: number }) {
  const seconds = campaign.ends_at ? secondsUntil(campaign.ends_at, now) : null;
  const [ended, setEnded] = useState(seconds === 0);
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(campaign.code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <article aria-label={campaign.title} className="flex flex-col rounded-3xl border border-line bg-white p-5 sm:p-6">
      <h2 className="text-xl font-extrabold tracking-tight">{campaign.title}</h2>
      <p className="mt-1 text-muted">{campaign.description}</p>
      <p className="mt-4 text-sm">
        <span className="text-muted">{t.gives}: </span>
        <span className="font-bold">{benefitText(campaign.benefit)}</span>
        {campaign.left !== null ? <span className="ml-2 text-muted">· {t.left(campaign.left)}</span> : null}
      </p>
      <div className="mt-4 flex items-center gap-2">
        <span className="sr-only">{t.code}: </span>
        <code className="rounded-xl border border-dashed border-brand bg-brand-soft/40 px-4 py-2 font-mono text-lg font-bold tracking-wider">
          {campaign.code}
        </code>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={`${t.copy} ${campaign.code}`}
          className={buttonClass('secondary', 'sm')}
        >
          {copied ? t.copied : t.copy}
        </button>
      </div>
      {seconds !== null ? (
        <p className="mt-4 text-sm">
          {ended ? (
            <span className="font-semibold text-red-700">{mn.countdown.ended}</span>
          ) : (
            <>
              <span className="text-muted">{t.endsIn}: </span>
              <Countdown
                seconds={seconds}
                restartKey={campaign.code}
                onDone={() => setEnded(true)}
                className="font-bold"
              />
            </>
          )}
        </p>
      ) : null}
      {ended ? null : (
        <Link
          to={`/coupon/${encodeURIComponent(campaign.code)}`}
          className={buttonClass('primary', 'md', 'mt-5 self-start')}
        >
          {t.activate}
        </Link>
      )}
    </article>
  );
}

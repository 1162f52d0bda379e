import { useId, useRef, useState } from 'react';
import type { z } from 'zod';
import {
  deskOfferFields,
  type DESK_FORMATS,
  type DeskOffer,
  type DeskOfferFields,
} from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { formatDateTime, formatMnt } from '~/lib/format';
import { toast } from '~/lib/toasts';
import { TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { ConfirmDialog } from './dialog';
import { useStaffForm } from './form';
import { Chip, Panel, Submit, adminButton } from './ui';
import { isoToUbInput, ubInputToIso } from './ub-time';
import { UbDateTimeField } from './ub-time-field';

const t = mn.admin.offers;
const formats = mn.admin.catalog.formats;

type Format = (typeof DESK_FORMATS)[number];
type Scope = NonNullable<DeskOfferFields['subscription_scopes']>[number];
/** every scope the contract knows: an offer's scopes are sent back whole (none dropped on save) */
const SCOPES = ['audio', 'ebook', 'summary', 'credit'] as const satisfies readonly Scope[];
const isScope = (scope: string): scope is Scope => (SCOPES as readonly string[]).includes(scope);

const FIELDS = [
  'price_mnt',
  'original_price_mnt',
  'credit_price',
  'rental_days',
  'rental_price_mnt',
  'subscription_scopes',
  'ends_at',
] as const;

interface Terms {
  price_mnt: string;
  original_price_mnt: string;
  credit_price: string;
  rental_days: string;
  rental_price_mnt: string;
  subscription_scopes: Scope[];
  ends_at: string;
}

const shown = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function termsOf(offer: DeskOffer | undefined): Terms {
  return {
    price_mnt: shown(offer?.price_mnt),
    original_price_mnt: shown(offer?.original_price_mnt),
    credit_price: shown(offer?.credit_price),
    rental_days: shown(offer?.rental_days),
    rental_price_mnt: shown(offer?.rental_price_mnt),
    subscription_scopes: offer?.subscription_scopes.filter(isScope) ?? [],
    ends_at: isoToUbInput(offer?.ends_at),
  };
}

/** What the contract's schema reads: an empty box is none; anything else a number, checked by the schema (not one: NaN, refused there). */
const number = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

/**
 * What a title sells, one block per format it has a file for: price in ₮, a struck-through
 * price, credits, a rental, the subscriptions that open it, the leaving date; saved or stopped.
 */
export function OffersPanel({
  bookId,
  held,
  offers,
  onChanged,
}: {
  bookId: number;
  /** the formats the title has a file for: only these can be sold */
  held: readonly Format[];
  offers: readonly DeskOffer[];
  onChanged: (offers: DeskOffer[]) => void;
}) {
  return (
    <Panel title={t.title} lead={t.lead} flush>
      {held.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted sm:px-5">{t.noFormats}</p>
      ) : (
        <div className="divide-y divide-line">
          {held.map((format) => {
            const offer = offers.find((candidate) => candidate.format === format);
            return (
              <OfferForm
                // saved terms come back as the form's new starting point
                key={`${format}:${JSON.stringify(offer ?? null)}`}
                name={formats[format]}
                offer={offer}
                save={async (body) =>
                  onChanged(
                    (await adminApi().call(catalogDeskEndpoints.saveOffer, { params: { id: bookId, format }, body }))
                      .data,
                  )
                }
                stop={async () =>
                  onChanged(
                    (await adminApi().call(catalogDeskEndpoints.stopOffer, { params: { id: bookId, format } })).data,
                  )
                }
              />
            );
          })}
        </div>
      )}
    </Panel>
  );
}

/**
 * One offer's terms (a book's format, or a summary's one offer): saved through `save`, stopped
 * through `stop` after a confirmation; `name` says what is sold.
 */
export function OfferForm({
  name,
  offer,
  save,
  stop,
}: {
  name: string;
  offer: DeskOffer | undefined;
  save: (terms: z.output<typeof deskOfferFields>) => Promise<void>;
  stop: () => Promise<void>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const [terms, setTerms] = useState(() => termsOf(offer));
  const [stopping, setStopping] = useState(false);
  const form = useStaffForm(deskOfferFields, FIELDS);
  const field = (key: Exclude<keyof Terms, 'subscription_scopes'>) => ({
    name: key,
    value: terms[key],
    error: form.error(key),
    onChange: (event: { target: { value: string } }) => {
      setTerms((previous) => ({ ...previous, [key]: event.target.value }));
      form.clear(key);
    },
  });
  const money = { inputMode: 'numeric' as const, autoComplete: 'off' };

  const send = () =>
    form.submit(
      formRef.current,
      {
        price_mnt: number(terms.price_mnt),
        original_price_mnt: number(terms.original_price_mnt),
        credit_price: number(terms.credit_price),
        rental_days: number(terms.rental_days),
        rental_price_mnt: number(terms.rental_price_mnt),
        subscription_scopes: terms.subscription_scopes,
        ends_at: terms.ends_at === '' ? null : (ubInputToIso(terms.ends_at) ?? terms.ends_at),
      },
      async (body) => {
        await save(body);
        toast.success(t.saved(name));
      },
    );

  return (
    <section aria-labelledby={headingId} className="px-4 py-4 sm:px-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-bold">
          {name}
          {offer ? <Chip tone="good">{t.onSale}</Chip> : <Chip>{t.notOnSale}</Chip>}
        </h3>
        {offer ? (
          <p className="text-sm text-muted tabular-nums">
            {offer.price_mnt !== null ? formatMnt(offer.price_mnt) : mn.admin.none}
            {offer.ends_at ? ` · ${formatDateTime(offer.ends_at)}` : ''}
          </p>
        ) : null}
      </div>
      <form
        ref={formRef}
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        className="space-y-4"
      >
        <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t.price} hint={t.priceHint} {...money} {...field('price_mnt')} />
          <TextField label={t.originalPrice} hint={t.originalPriceHint} {...money} {...field('original_price_mnt')} />
          <TextField label={t.creditPrice} hint={t.creditPriceHint} {...money} {...field('credit_price')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <fieldset className="min-w-0">
            <legend className="mb-1.5 text-sm font-semibold text-ink">{t.rental}</legend>
            <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-3">
              <TextField label={t.rentalDays} {...money} {...field('rental_days')} />
              <TextField label={t.rentalPrice} {...money} {...field('rental_price_mnt')} />
            </div>
            <p className="mt-1.5 text-sm text-muted">{t.rentalHint}</p>
          </fieldset>
          <UbDateTimeField
            label={t.endsAt}
            hint={t.endsAtHint}
            name="ends_at"
            value={terms.ends_at}
            error={form.error('ends_at')}
            onChange={(next) => {
              setTerms((previous) => ({ ...previous, ends_at: next }));
              form.clear('ends_at');
            }}
          />
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-ink">{t.scopes}</legend>
          <div className="flex flex-wrap gap-2">
            {SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand-soft/50"
              >
                <input
                  type="checkbox"
                  name="subscription_scopes"
                  value={scope}
                  checked={terms.subscription_scopes.includes(scope)}
                  onChange={(event) => {
                    const on = event.target.checked;
                    setTerms((previous) => ({
                      ...previous,
                      subscription_scopes: SCOPES.filter((s) =>
                        s === scope ? on : previous.subscription_scopes.includes(s),
                      ),
                    }));
                  }}
                  className="size-4 accent-brand"
                />
                {t.scopeNames[scope]}
              </label>
            ))}
          </div>
          {form.error('subscription_scopes') ? (
            <p className="mt-1.5 text-sm text-red-700">{form.error('subscription_scopes')}</p>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Submit pending={form.pending} waiting={form.wait !== null} className="max-sm:flex-1">
            {t.save}
          </Submit>
          {offer ? (
            <button type="button" onClick={() => setStopping(true)} className={adminButton('quietDanger')}>
              {t.stop}
            </button>
          ) : null}
        </div>
      </form>
      {stopping ? (
        <ConfirmDialog
          title={t.stopTitle(name)}
          text={t.stopText}
          confirmLabel={t.stopConfirm}
          onClose={() => setStopping(false)}
          onConfirm={async () => {
            await stop();
            toast.success(t.stopped(name));
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * A panel of one offer (a summary's, a bundle's): its title and lead, the terms' form, afresh
 * when the offer changes.
 */
export function OneOfferPanel({
  title,
  lead,
  name,
  offer,
  save,
  stop,
}: {
  title: string;
  lead: string;
  name: string;
  offer: DeskOffer | null;
  save: (terms: z.output<typeof deskOfferFields>) => Promise<void>;
  stop: () => Promise<void>;
}) {
  return (
    <Panel title={title} lead={lead} flush>
      <OfferForm key={JSON.stringify(offer)} name={name} offer={offer ?? undefined} save={save} stop={stop} />
    </Panel>
  );
}

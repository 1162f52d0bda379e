import { useState } from 'react';
import type { z } from 'zod';
import type { creditPack } from '@nomsan/contracts/money';
import { mn } from '@nomsan/contracts/messages';
import { formatMnt } from '~/lib/format';
import { CheckoutSheet } from './checkout-sheet';

export type CreditPack = z.infer<typeof creditPack>;

/** The credit packs on sale, each with its price and what it gives; buying one opens the checkout. */
export function CreditPackList({ packs }: { packs: CreditPack[] }) {
  const [buying, setBuying] = useState<CreditPack | null>(null);
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2">
        {packs.map((pack) => (
          <li key={pack.id} className="flex flex-col rounded-2xl border border-line bg-white p-4">
            <p className="font-semibold">{pack.name}</p>
            <p className="mt-1 text-2xl font-extrabold">{formatMnt(pack.price_mnt)}</p>
            <p className="mt-1 text-sm text-muted">{mn.offers.credits(pack.credits + pack.bonus_credits)}</p>
            <button
              type="button"
              onClick={() => setBuying(pack)}
              className="mt-3 inline-flex h-10 items-center justify-center rounded-full bg-brand px-5 text-sm font-semibold text-white hover:bg-brand-dark"
            >
              {mn.offers.buy}
            </button>
          </li>
        ))}
      </ul>
      {buying ? (
        <CheckoutSheet
          target={{ kind: 'credit_pack', id: buying.id }}
          title={buying.name}
          priceMnt={buying.price_mnt}
          creditPrice={null}
          credits={buying.credits + buying.bonus_credits}
          onClose={() => setBuying(null)}
        />
      ) : null}
    </>
  );
}

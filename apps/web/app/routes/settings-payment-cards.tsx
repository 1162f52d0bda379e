import { publicId } from '@nomsan/contracts/money';
import { mn } from '@nomsan/contracts/messages';
import { SavedCardList } from '~/features/account/saved-card-list';
import { SettingsSection } from '~/features/account/settings-nav';
import { AddCardButton } from '~/features/checkout/add-card';
import { attempt, formText, invalid, requireSignedIn } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/settings-payment-cards';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { cards: await requireSignedIn(request, context.api.savedCards()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = publicId.safeParse(formText(form, 'id'));
  if (!id.success) return invalid(id.error);
  const label = formText(form, 'label') || mn.moneyPages.cards;
  return attempt(
    request,
    context.api.removeCard(id.data).then(() => ({ removed: label })),
  );
}

export const meta: Route.MetaFunction = () => privatePageMeta(mn.moneyPages.cards);

/** `/settings/payment-cards` (and the app's `/settings/golomt-cards`): the saved cards; forget one. */
export default function PaymentCardSettings({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsSection title={mn.moneyPages.cards} lead={mn.moneyPages.cardsLead}>
      <SavedCardList cards={loaderData.cards} />
      <div className="mt-6">
        <AddCardButton />
      </div>
    </SettingsSection>
  );
}

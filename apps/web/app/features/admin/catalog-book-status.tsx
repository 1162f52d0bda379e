import { useRef, useState } from 'react';
import { deskStatusRequest, type DeskBook, type DeskStatusRequest } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { formatDateTime } from '~/lib/format';
import { toast } from '~/lib/toasts';
import { useHydrated } from '~/lib/use-hydrated';
import { Spinner } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { BookStatusChip, FormatChips, shownStatus } from './catalog-list';
import { ConfirmDialog } from './dialog';
import { useStaffForm } from './form';
import { Panel, adminButton } from './ui';
import { isoToUbInput, ubInputToIso } from './ub-time';
import { UbDateTimeField } from './ub-time-field';

const t = mn.admin.status;

type Action = 'publish' | 'withdraw' | 'draft' | 'schedule';

/**
 * Where a title stands and where it may go: publish now, withdraw (after a confirmation), back
 * to draft, or a publication at a minute of Ulaanbaatar time. The API refuses to publish a
 * title without a file, and says so here.
 */
export function BookStatusPanel({ book, onChanged }: { book: DeskBook; onChanged: (book: DeskBook) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const [when, setWhen] = useState(() => isoToUbInput(book.publish_at));
  const [acting, setActing] = useState<Action | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const form = useStaffForm(deskStatusRequest, ['publish_at']);
  const status = shownStatus(book);

  async function change(action: Action, request: DeskStatusRequest) {
    setActing(action);
    await form.submit(formRef.current, request, async (body) => {
      const { data } = await adminApi().call(catalogDeskEndpoints.setStatus, { params: { id: book.id }, body });
      toast.success(
        action === 'schedule' && data.publish_at
          ? t.scheduled(formatDateTime(data.publish_at))
          : action === 'publish'
            ? t.published
            : action === 'withdraw'
              ? t.withdrawn
              : t.drafted,
      );
      onChanged(data);
    });
    setActing(null);
  }

  const busy = !hydrated || form.pending || form.wait !== null;
  const button = (action: Action, label: string, variant: Parameters<typeof adminButton>[0], run: () => void) => (
    <button type="button" onClick={run} disabled={busy} className={adminButton(variant, 'md', 'max-sm:flex-1')}>
      {acting === action && form.pending ? <Spinner /> : null}
      {label}
    </button>
  );

  return (
    <Panel title={t.title}>
      <div className="space-y-4">
        <div>
          <BookStatusChip book={book} withTime={false} />
          <p className="mt-1.5 text-sm text-muted">
            {status === 'scheduled' && book.publish_at
              ? t.hints.scheduled(formatDateTime(book.publish_at))
              : t.hints[book.status]}
          </p>
        </div>
        <div>
          <p className="mb-1 text-xs font-semibold text-muted">{t.files}</p>
          {book.has_audio || book.has_ebook ? (
            <FormatChips book={book} />
          ) : (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t.noFile}</p>
          )}
        </div>
        <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
        <div className="flex flex-wrap gap-2">
          {book.status !== 'published'
            ? button('publish', t.publish, 'primary', () => void change('publish', { status: 'published' }))
            : button('withdraw', t.withdraw, 'danger', () => setWithdrawing(true))}
          {status === 'scheduled'
            ? button('draft', t.cancelSchedule, 'secondary', () => void change('draft', { status: 'draft' }))
            : book.status !== 'draft'
              ? button('draft', t.draft, 'secondary', () => void change('draft', { status: 'draft' }))
              : null}
        </div>
        <form
          ref={formRef}
          noValidate
          aria-label={t.scheduleTitle}
          onSubmit={(event) => {
            event.preventDefault();
            void change('schedule', { status: 'draft', publish_at: ubInputToIso(when) ?? when });
          }}
          className="space-y-3 border-t border-line pt-4"
        >
          <h3 className="text-sm font-bold">{t.scheduleTitle}</h3>
          <UbDateTimeField
            label={t.scheduleAt}
            hint={t.scheduleHint}
            name="publish_at"
            value={when}
            error={form.error('publish_at')}
            onChange={(next) => {
              setWhen(next);
              form.clear('publish_at');
            }}
          />
          <button type="submit" disabled={busy} className={adminButton('secondary', 'md', 'w-full')}>
            {acting === 'schedule' && form.pending ? <Spinner /> : null}
            {t.schedule}
          </button>
        </form>
      </div>
      {withdrawing ? (
        <ConfirmDialog
          title={t.withdrawTitle}
          text={t.withdrawText}
          confirmLabel={t.withdrawConfirm}
          onClose={() => setWithdrawing(false)}
          onConfirm={async () => {
            const { data } = await adminApi().call(catalogDeskEndpoints.setStatus, {
              params: { id: book.id },
              body: { status: 'withdrawn' },
            });
            toast.success(t.withdrawn);
            onChanged(data);
          }}
        />
      ) : null}
    </Panel>
  );
}

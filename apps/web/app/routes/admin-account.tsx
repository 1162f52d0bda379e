import { useRevalidator } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { RecoveryRenewal, SignOutPanel, StaffPasswordForm } from '~/features/admin/account';
import { AdminError } from '~/features/admin/admin-error';
import { useStaffMe } from '~/features/admin/admin-shell';
import { PageHeader } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-account';

const t = mn.admin.account;

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/account`: one's own password, recovery codes, and signing out. */
export default function AdminAccount() {
  const me = useStaffMe();
  const { revalidate } = useRevalidator();
  // the layout reads who is signed in again: the demo banner goes, the count of codes changes
  const reload = () => void revalidate();
  return (
    <>
      <PageHeader title={t.title} lead={`${me.name} · ${me.login}`} />
      <div className="grid gap-5 xl:grid-cols-2 xl:items-start">
        <div id="password" className="scroll-mt-4">
          <StaffPasswordForm me={me} onChanged={reload} />
        </div>
        <div className="space-y-5">
          <RecoveryRenewal me={me} onRenewed={reload} />
          <SignOutPanel />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}

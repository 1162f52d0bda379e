import { useRevalidator } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { staffEndpoints } from '@nomsan/contracts/staff.endpoints';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { useStaffMe } from '~/features/admin/admin-shell';
import { InviteForm, InvitesTable, StaffTable } from '~/features/admin/staff-people';
import { PageHeader, Panel, adminButton } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-staff';

const t = mn.admin.staff;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return staffLoad(request, async (api) => (await api.call(staffEndpoints.list)).data);
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/staff` (owners): the staff and their roles, open invitations, and inviting someone. */
export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const me = useStaffMe();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  return (
    <>
      <PageHeader
        title={t.title}
        lead={t.lead}
        actions={
          <a href="#invite" className={adminButton('primary')}>
            {t.inviteTitle}
          </a>
        }
      />
      <div className="space-y-5">
        <Panel title={t.members} flush>
          <StaffTable members={loaderData.members} selfId={me.id} onChanged={reload} />
        </Panel>
        <Panel title={t.invites} flush>
          <InvitesTable invites={loaderData.invites} onChanged={reload} />
        </Panel>
        <div id="invite" className="scroll-mt-4">
          <InviteForm onInvited={reload} />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}

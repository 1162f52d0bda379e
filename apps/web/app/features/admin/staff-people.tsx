import { useRef, useState } from 'react';
import { mn } from '@nomsan/contracts/messages';
import {
  staffInviteRequest,
  staffUpdateRequest,
  type StaffInvite,
  type StaffMember,
  type StaffRole,
} from '@nomsan/contracts/staff';
import { staffEndpoints } from '@nomsan/contracts/staff.endpoints';
import { formatDateTime } from '~/lib/format';
import { toast } from '~/lib/toasts';
import { TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { ConfirmDialog, Dialog } from './dialog';
import { useStaffForm } from './form';
import { RoleCheckboxes } from './role-checkboxes';
import { Chip, CopyButton, DataTable, Panel, RoleChips, Submit, adminButton, type Column } from './ui';

const t = mn.admin.staff;

/** The staff, removed people included (greyed), with what an owner may do to each. */
export function StaffTable({
  members,
  selfId,
  onChanged,
}: {
  members: readonly StaffMember[];
  selfId: number;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const columns: Column<StaffMember>[] = [
    {
      id: 'name',
      header: t.name,
      cell: (member) => (
        <span className="flex flex-wrap items-center gap-1.5 font-semibold">
          {member.name}
          {member.id === selfId ? <Chip tone="brand">{mn.admin.you}</Chip> : null}
        </span>
      ),
    },
    {
      id: 'login',
      header: t.login,
      cell: (member) => <span className="[overflow-wrap:anywhere]">{member.login}</span>,
    },
    { id: 'roles', header: t.roles, cell: (member) => <RoleChips roles={member.roles} /> },
    {
      id: 'last',
      header: t.lastSignIn,
      className: 'whitespace-nowrap tabular-nums',
      cell: (member) =>
        member.last_sign_in_at ? (
          <time dateTime={member.last_sign_in_at}>{formatDateTime(member.last_sign_in_at)}</time>
        ) : (
          <span className="text-muted">{mn.admin.never}</span>
        ),
    },
    {
      id: 'status',
      header: t.status,
      cell: (member) => (member.removed ? <Chip>{t.removed}</Chip> : <Chip tone="good">{t.active}</Chip>),
    },
    {
      id: 'actions',
      header: t.actions,
      className: 'md:text-right',
      cell: (member) =>
        member.removed ? null : member.id === selfId ? (
          <span className="block max-w-44 text-xs text-muted md:ml-auto">{t.selfNote}</span>
        ) : (
          <span className="flex flex-wrap gap-1 md:flex-nowrap md:justify-end">
            <button type="button" onClick={() => setEditing(member)} className={adminButton('secondary', 'sm')}>
              {t.changeRoles}
            </button>
            <button type="button" onClick={() => setRemoving(member)} className={adminButton('quietDanger', 'sm')}>
              {t.remove}
            </button>
          </span>
        ),
    },
  ];
  return (
    <>
      <DataTable
        label={t.members}
        columns={columns}
        rows={members}
        rowKey={(member) => member.id}
        rowClassName={(member) => (member.removed ? 'text-muted [&_li]:opacity-60' : '')}
        empty={t.members}
      />
      {editing ? (
        <RoleDialog
          member={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t.removeTitle(removing.name)}
          text={t.removeText}
          confirmLabel={t.removeConfirm}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await adminApi().call(staffEndpoints.remove, { params: { id: removing.id } });
            toast.success(t.removedNotice(removing.name));
            onChanged();
          }}
        />
      ) : null}
    </>
  );
}

/** Someone's roles, as checkboxes; the API keeps the store with an owner and refuses one's own. */
function RoleDialog({ member, onClose, onSaved }: { member: StaffMember; onClose: () => void; onSaved: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const form = useStaffForm(staffUpdateRequest, ['roles']);
  const send = () =>
    form.submit(formRef.current, { roles }, async (body) => {
      await adminApi().call(staffEndpoints.setRoles, { params: { id: member.id }, body });
      toast.success(t.rolesSaved(member.name));
      onSaved();
    });
  return (
    <Dialog title={t.changeRolesOf(member.name)} onClose={onClose}>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        className="mt-4 space-y-4"
      >
        <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
        <RoleCheckboxes
          legend={t.roles}
          value={roles}
          onChange={(next) => {
            setRoles(next);
            form.clear('roles');
          }}
          error={form.error('roles')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} className={adminButton('secondary')}>
            {mn.admin.cancel}
          </button>
          <Submit pending={form.pending} waiting={form.wait !== null}>
            {mn.admin.save}
          </Submit>
        </div>
      </form>
    </Dialog>
  );
}

/** The invitations not yet accepted, each to withdraw. */
export function InvitesTable({ invites, onChanged }: { invites: readonly StaffInvite[]; onChanged: () => void }) {
  const [revoking, setRevoking] = useState<StaffInvite | null>(null);
  const columns: Column<StaffInvite>[] = [
    { id: 'name', header: t.name, cell: (invite) => <span className="font-semibold">{invite.name}</span> },
    {
      id: 'login',
      header: t.login,
      cell: (invite) => <span className="[overflow-wrap:anywhere]">{invite.login}</span>,
    },
    { id: 'roles', header: t.roles, cell: (invite) => <RoleChips roles={invite.roles} /> },
    { id: 'by', header: t.invitedBy, cell: (invite) => invite.invited_by },
    {
      id: 'expires',
      header: t.expires,
      className: 'whitespace-nowrap tabular-nums',
      cell: (invite) => <time dateTime={invite.expires_at}>{formatDateTime(invite.expires_at)}</time>,
    },
    {
      id: 'actions',
      header: t.actions,
      className: 'md:text-right',
      cell: (invite) => (
        <button type="button" onClick={() => setRevoking(invite)} className={adminButton('quietDanger', 'sm')}>
          {t.revoke}
        </button>
      ),
    },
  ];
  return (
    <>
      <DataTable
        label={t.invites}
        columns={columns}
        rows={invites}
        rowKey={(invite) => invite.id}
        empty={t.invitesEmpty}
      />
      {revoking ? (
        <ConfirmDialog
          title={t.revokeTitle(revoking.name)}
          text={t.revokeText}
          confirmLabel={t.revokeConfirm}
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await adminApi().call(staffEndpoints.revokeInvite, { params: { id: revoking.id } });
            toast.success(t.revoked);
            onChanged();
          }}
        />
      ) : null}
    </>
  );
}

/** Invite someone: name, phone or e-mail, roles; the link goes by SMS or e-mail and is shown here too. */
export function InviteForm({ onInvited }: { onInvited: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const [login, setLogin] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [sent, setSent] = useState<{ name: string; url: string } | null>(null);
  const form = useStaffForm(staffInviteRequest, ['name', 'login', 'roles']);
  const send = () =>
    form.submit(formRef.current, { name, login, roles }, async (body) => {
      const { data } = await adminApi().call(staffEndpoints.invite, { body });
      setSent({ name: data.invite.name, url: data.url });
      setName('');
      setLogin('');
      setRoles([]);
      onInvited();
    });
  return (
    <Panel title={t.inviteTitle} lead={t.inviteLead}>
      {sent ? (
        <div role="status" className="mb-5 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
          <p className="font-semibold text-emerald-900">{t.invited(sent.name)}</p>
          <label className="mt-3 block text-xs font-semibold text-emerald-900" htmlFor="invite-link">
            {t.inviteLink}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="invite-link"
              readOnly
              value={sent.url}
              onFocus={(event) => event.target.select()}
              className="h-8 min-w-0 flex-1 rounded-lg border border-emerald-200 bg-white px-2 font-mono text-xs"
            />
            <CopyButton text={sent.url} />
          </div>
          <p className="mt-2 text-xs text-emerald-900">{t.inviteLinkHint}</p>
        </div>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        className="space-y-4"
      >
        <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t.inviteName}
            name="name"
            autoComplete="off"
            value={name}
            error={form.error('name')}
            onChange={(event) => {
              setName(event.target.value);
              form.clear('name');
            }}
          />
          <TextField
            label={t.inviteLogin}
            name="login"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={login}
            error={form.error('login')}
            onChange={(event) => {
              setLogin(event.target.value);
              form.clear('login');
            }}
          />
        </div>
        <RoleCheckboxes
          legend={t.inviteRoles}
          value={roles}
          onChange={(next) => {
            setRoles(next);
            form.clear('roles');
          }}
          error={form.error('roles')}
        />
        <Submit pending={form.pending} waiting={form.wait !== null}>
          {t.inviteSubmit}
        </Submit>
      </form>
    </Panel>
  );
}

import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { sectionsFor } from '~/features/admin/access';
import { AdminError } from '~/features/admin/admin-error';
import { useStaffMe } from '~/features/admin/admin-shell';
import { PageHeader, Panel, RoleChips, adminButton } from '~/features/admin/ui';
import { formatDateTime } from '~/lib/format';
import { privatePageMeta } from '~/lib/meta';
import { ChevronRightIcon } from '~/ui/icons';
import type { Route } from './+types/admin-home';

const t = mn.admin.home;
/** fewer recovery codes than this left: the home says to make new ones */
const FEW_RECOVERY_CODES = 3;

export const meta: Route.MetaFunction = () => privatePageMeta(mn.admin.title);

/** `/admin`: who is signed in, until when, and the sections their roles open. */
export default function AdminHome() {
  const me = useStaffMe();
  // one's own account is open to everyone; the rest as the roles allow
  const sections = sectionsFor(me.roles);
  const roleSections = sections.filter((section) => section.id !== 'account');
  return (
    <>
      <PageHeader title={t.greeting(me.name)} />
      {me.demo ? (
        <div role="status" className="mb-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 sm:px-5">
          <p className="font-bold text-amber-900">{t.demoTitle}</p>
          <p className="mt-1 text-sm text-amber-900">{t.demoText}</p>
          <Link to="/admin/account#password" className={adminButton('primary', 'sm', 'mt-3')}>
            {t.demoAction}
          </Link>
        </div>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Panel title={t.sectionsTitle} flush>
          <ul className="divide-y divide-line">
            {sections.map((section) => (
              <li key={section.id}>
                <Link to={section.to} className="group flex items-center gap-3 px-4 py-3.5 hover:bg-surface sm:px-5">
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold group-hover:text-brand">{mn.admin.sections[section.id]}</span>
                    <span className="block text-sm text-muted">{mn.admin.sectionHints[section.id]}</span>
                  </span>
                  <ChevronRightIcon width={18} height={18} className="shrink-0 text-muted group-hover:text-brand" />
                </Link>
              </li>
            ))}
          </ul>
          {roleSections.length === 0 ? (
            <p className="border-t border-line px-4 py-3 text-sm text-muted sm:px-5">
              <span className="font-semibold text-ink">{t.comingTitle}: </span>
              {t.coming}
            </p>
          ) : null}
        </Panel>
        <Panel title={mn.admin.sections.account}>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-xs font-semibold text-muted">{t.login}</dt>
              <dd className="mt-0.5 break-all">{me.login}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold text-muted">{t.roles}</dt>
              <dd className="mt-1">
                <RoleChips roles={me.roles} />
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold text-muted">{t.sessionEnds}</dt>
              <dd className="mt-0.5">
                <time dateTime={me.session_ends_at} className="font-semibold tabular-nums">
                  {formatDateTime(me.session_ends_at)}
                </time>
                <span className="mt-0.5 block text-xs text-muted">{t.sessionNote}</span>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold text-muted">{t.recoveryLeft}</dt>
              <dd className="mt-0.5">
                {t.recoveryCount(me.recovery_codes_left)}
                {me.recovery_codes_left < FEW_RECOVERY_CODES ? (
                  <span className="mt-0.5 block text-xs text-amber-800">{t.recoveryLow}</span>
                ) : null}
              </dd>
            </div>
          </dl>
        </Panel>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}

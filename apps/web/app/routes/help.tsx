import { useRouteLoaderData } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { PublicConfig } from '@nomsan/contracts/web-context';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/help';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: mn.help.title, description: mn.help.lead, path: '/help', baseUrl: baseUrlFrom(matches) });

export default function Help() {
  const config = useRouteLoaderData<{ config: PublicConfig }>('root')?.config;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 lg:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight">{mn.help.title}</h1>
      <p className="mt-4 text-muted">{mn.help.lead}</p>
      <div className="mt-8 divide-y divide-line rounded-2xl border border-line">
        {mn.help.faq.map((item) => (
          <details key={item.q} className="group px-5 py-4">
            <summary className="cursor-pointer list-none font-semibold marker:hidden group-open:text-brand">
              {item.q}
            </summary>
            <p className="mt-2 leading-relaxed text-muted">{item.a}</p>
          </details>
        ))}
      </div>
      {config ? (
        <p className="mt-8 text-sm text-muted">
          {mn.help.contactLead}{' '}
          <a className="font-semibold text-brand" href={`tel:${config.supportPhone.replace(/[^\d+]/g, '')}`}>
            {config.supportPhone}
          </a>
          {' · '}
          <a className="font-semibold text-brand" href={`mailto:${config.supportEmail}`}>
            {config.supportEmail}
          </a>
        </p>
      ) : null}
    </article>
  );
}

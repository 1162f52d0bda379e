import { mn } from '@nomsan/contracts/messages';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: mn.about.title, description: mn.about.lead, path: '/about', baseUrl: baseUrlFrom(matches) });

export default function About() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 lg:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight">{mn.about.title}</h1>
      <p className="mt-4 text-lg text-ink">{mn.about.lead}</p>
      {mn.about.paragraphs.map((text) => (
        <p key={text} className="mt-4 leading-relaxed text-muted">
          {text}
        </p>
      ))}
    </article>
  );
}

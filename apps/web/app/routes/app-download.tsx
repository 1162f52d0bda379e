import { mn } from '@nomsan/contracts/messages';
import { Logo } from '~/ui/icons';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/app-download';

export const meta: Route.MetaFunction = () => pageMeta({ title: mn.tabs.appDownload, path: '/app-download' });

/** A page of its own, without header and footer, that sends people to the app stores. */
export default function AppDownload() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-brand-soft to-white px-6 text-center">
      <Logo className="scale-125" />
      <h1 className="mt-8 text-3xl font-extrabold tracking-tight">{mn.home.heroTitle}</h1>
      <p className="mt-3 max-w-md text-muted">{mn.brand.description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a
          href="https://apps.apple.com/mn/app/nomsan"
          rel="noopener"
          className="inline-flex h-12 items-center rounded-xl bg-ink px-5 font-semibold text-white"
        >
          {mn.footer.appStore}
        </a>
        <a
          href="https://play.google.com/store/apps/details?id=mn.nomsan"
          rel="noopener"
          className="inline-flex h-12 items-center rounded-xl bg-ink px-5 font-semibold text-white"
        >
          {mn.footer.googlePlay}
        </a>
      </div>
    </div>
  );
}

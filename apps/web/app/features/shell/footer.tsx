import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { PublicConfig } from '@nomsan/contracts/web-context';
import { Logo, MailIcon, PhoneIcon } from '~/ui/icons';

const social = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/nomsan.mn',
    path: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6Z',
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/nomsan.mn',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/@nomsan',
    path: 'M22 8.2a3 3 0 0 0-2-2C18.2 5.7 12 5.7 12 5.7s-6.2 0-8 .5a3 3 0 0 0-2 2A31 31 0 0 0 1.7 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2 2c1.8.5 8 .5 8 .5s6.2 0 8-.5a3 3 0 0 0 2-2 31 31 0 0 0 .3-3.8A31 31 0 0 0 22 8.2ZM10 15V9l5.2 3Z',
  },
];

function StoreBadge({ href, label, sub }: { href: string; label: string; sub: string }) {
  return (
    <a
      href={href}
      rel="noopener"
      className="inline-flex h-12 min-w-40 flex-col justify-center rounded-xl bg-ink px-4 text-white hover:bg-black"
    >
      <span className="text-[10px] leading-tight opacity-80">{sub}</span>
      <span className="text-base font-semibold leading-tight">{label}</span>
    </a>
  );
}

export function Footer({ config }: { config: PublicConfig }) {
  return (
    <footer className="mt-16 border-t border-line bg-surface pb-20 lg:pb-0">
      <div className="mx-auto grid max-w-screen-2xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4 lg:px-6">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted">{mn.brand.description}</p>
        </div>
        <nav aria-label={mn.footer.about} className="space-y-2 text-sm">
          <Link to="/about" className="block font-medium hover:text-brand">
            {mn.footer.about}
          </Link>
          <Link to="/help" className="block font-medium hover:text-brand">
            {mn.footer.help}
          </Link>
          <a
            href={`mailto:${config.supportEmail}?subject=${encodeURIComponent(mn.footer.publish)}`}
            className="block font-medium hover:text-brand"
          >
            {mn.footer.publish}
          </a>
        </nav>
        <div className="space-y-2 text-sm">
          <p className="font-semibold">{mn.footer.contact}</p>
          <a
            href={`tel:${config.supportPhone.replace(/[^\d+]/g, '')}`}
            className="flex items-center gap-2 hover:text-brand"
          >
            <PhoneIcon width={18} height={18} />
            <span className="sr-only">{mn.footer.phone}: </span>
            {config.supportPhone}
          </a>
          <a href={`mailto:${config.supportEmail}`} className="flex items-center gap-2 hover:text-brand">
            <MailIcon width={18} height={18} />
            <span className="sr-only">{mn.footer.email}: </span>
            {config.supportEmail}
          </a>
          <ul aria-label={mn.footer.social} className="flex gap-2 pt-2">
            {social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  rel="noopener"
                  aria-label={s.name}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white text-ink shadow-sm hover:text-brand"
                >
                  <svg viewBox="0 0 24 24" width={20} height={20} fill="currentColor" aria-hidden="true">
                    <path d={s.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="space-y-3">
          <p className="text-sm font-semibold">{mn.footer.apps}</p>
          <div className="flex flex-wrap gap-2">
            <StoreBadge href="https://apps.apple.com/mn/app/nomsan" label="App Store" sub={mn.footer.appStore} />
            <StoreBadge
              href="https://play.google.com/store/apps/details?id=mn.nomsan"
              label="Google Play"
              sub={mn.footer.googlePlay}
            />
          </div>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-screen-2xl px-4 py-5 text-xs text-muted lg:px-6">{mn.footer.copyright}</p>
      </div>
    </footer>
  );
}

import type { SVGProps } from 'react';
// the sprite is a file of its own (never inlined as a data: URL, which <use> cannot reference)
import sprite from './icons.svg?no-inline';

type IconProps = SVGProps<SVGSVGElement>;

/** the `<use href>` of one of the sprite's drawings */
export const spriteHref = (name: string) => `${sprite}#${name}`;

/**
 * Stroke icons drawn for the store (24px grid, currentColor), decorative unless labelled. The
 * drawings live in one cached sprite (icons.svg) that each icon refers to, so a page of a
 * hundred cards and stars does not carry a hundred copies of the same paths.
 */
function Icon({ name, ...props }: IconProps & { name: string }) {
  // the drawing's stroke, fill and viewBox are the symbol's own; the icon only sizes it
  return (
    <svg width={24} height={24} aria-hidden="true" {...props}>
      <use href={spriteHref(name)} />
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => <Icon name="search" {...p} />;
export const HomeIcon = (p: IconProps) => <Icon name="home" {...p} />;
export const CrownIcon = (p: IconProps) => <Icon name="crown" {...p} />;
export const LibraryIcon = (p: IconProps) => <Icon name="library" {...p} />;
export const MenuIcon = (p: IconProps) => <Icon name="menu" {...p} />;
export const GiftIcon = (p: IconProps) => <Icon name="gift" {...p} />;
export const UserIcon = (p: IconProps) => <Icon name="user" {...p} />;
export const ChevronLeftIcon = (p: IconProps) => <Icon name="chevron-left" {...p} />;
export const ChevronRightIcon = (p: IconProps) => <Icon name="chevron-right" {...p} />;
export const CloseIcon = (p: IconProps) => <Icon name="close" {...p} />;
export const HeadphonesIcon = (p: IconProps) => <Icon name="headphones" {...p} />;
export const BookOpenIcon = (p: IconProps) => <Icon name="book-open" {...p} />;
export const PhoneIcon = (p: IconProps) => <Icon name="phone" {...p} />;
export const MailIcon = (p: IconProps) => <Icon name="mail" {...p} />;
export const ClockIcon = (p: IconProps) => <Icon name="clock" {...p} />;
export const HeartIcon = (p: IconProps) => <Icon name="heart" {...p} />;
export const CheckIcon = (p: IconProps) => <Icon name="check" {...p} />;
export const LayersIcon = (p: IconProps) => <Icon name="layers" {...p} />;
export const ChevronDownIcon = (p: IconProps) => <Icon name="chevron-down" {...p} />;
export const SettingsIcon = (p: IconProps) => <Icon name="settings" {...p} />;
export const LogoutIcon = (p: IconProps) => <Icon name="logout" {...p} />;
export const MonitorIcon = (p: IconProps) => <Icon name="monitor" {...p} />;
export const SmartphoneIcon = (p: IconProps) => <Icon name="smartphone" {...p} />;
export const LockIcon = (p: IconProps) => <Icon name="lock" {...p} />;
export const LinkIcon = (p: IconProps) => <Icon name="link" {...p} />;
export const StarIcon = (p: IconProps) => <Icon name="star" {...p} />;
export const ReceiptIcon = (p: IconProps) => <Icon name="receipt" {...p} />;
export const CoinsIcon = (p: IconProps) => <Icon name="coins" {...p} />;
export const CreditCardIcon = (p: IconProps) => <Icon name="credit-card" {...p} />;
export const ChevronUpIcon = (p: IconProps) => <Icon name="chevron-up" {...p} />;
export const PlayIcon = (p: IconProps) => <Icon name="play" {...p} />;
export const PauseIcon = (p: IconProps) => <Icon name="pause" {...p} />;
/** a turn back with the spec's 10 s in it (lib/player-constants.ts SKIP_BACK_SECONDS) */
export const SkipBackIcon = (p: IconProps) => <Icon name="skip-back" {...p} />;
/** a turn forward with the spec's 30 s in it (lib/player-constants.ts SKIP_FORWARD_SECONDS) */
export const SkipForwardIcon = (p: IconProps) => <Icon name="skip-forward" {...p} />;
export const EyeIcon = ({ crossed = false, ...p }: IconProps & { crossed?: boolean }) => (
  <Icon name={crossed ? 'eye-off' : 'eye'} {...p} />
);

export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-extrabold tracking-tight text-brand ${className}`}>
      <svg viewBox="0 0 32 32" width={32} height={32} aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="#0061ff" />
        <path
          d="M8 9.5c2.8-1.3 5.6-1.1 8 .8 2.4-1.9 5.2-2.1 8-.8v13c-2.8-1.3-5.6-1.1-8 .8-2.4-1.9-5.2-2.1-8-.8Z"
          fill="#fff"
        />
        <path d="M16 10.3v13" stroke="#0747cc" strokeWidth="1.6" />
      </svg>
      <span className="text-xl">Номсан</span>
    </span>
  );
}

export const PumpkinIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true" focusable="false" {...p}>
    <path d="M12 6.5c0-1.8.8-3 2.5-3.5" fill="none" stroke="#3f6212" strokeWidth="1.8" strokeLinecap="round" />
    <ellipse cx="8" cy="14" rx="5" ry="6.5" fill="#ea580c" />
    <ellipse cx="16" cy="14" rx="5" ry="6.5" fill="#ea580c" />
    <ellipse cx="12" cy="14" rx="4.5" ry="7" fill="#f97316" />
    <path
      d="M9 12.5l1.5-1.5 1.5 1.5M12 12.5l1.5-1.5 1.5 1.5M9 16.5c2 1.3 4 1.3 6 0"
      fill="none"
      stroke="#431407"
      strokeWidth="1.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

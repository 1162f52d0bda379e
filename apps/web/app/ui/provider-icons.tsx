import type { OAuthProvider } from '@nomsan/contracts/identity';

/** Each sign-in provider's name as its owner writes it. */
export const PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  toki: 'Toki',
};

/** The providers' marks, drawn small for buttons (decorative: the button says the name). */
export function ProviderIcon({ provider, size = 20 }: { provider: OAuthProvider; size?: number }) {
  const common = { width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
  switch (provider) {
    case 'google':
      return (
        <svg {...common}>
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8Z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.2v2.8A11 11 0 0 0 12 23Z"
          />
          <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.2a11 11 0 0 0 0 9.9l3.6-2.8Z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.3 9.1 5.4 12 5.4Z"
          />
        </svg>
      );
    case 'facebook':
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="11" fill="#1877F2" />
          <path
            fill="#fff"
            d="M15.3 15.2 15.8 12h-3.1v-2c0-.9.4-1.7 1.8-1.7h1.4V5.6s-1.3-.2-2.5-.2c-2.6 0-4.2 1.5-4.2 4.3V12H6.4v3.2h2.8V23a11 11 0 0 0 3.5 0v-7.8h2.6Z"
          />
        </svg>
      );
    case 'toki':
      return (
        <svg {...common}>
          <rect width="24" height="24" rx="6" fill="#FFD400" />
          <path fill="#111827" d="M6 7h12v3h-4.5v8h-3v-8H6V7Z" />
        </svg>
      );
  }
}

import { useEffect } from 'react';

/**
 * Registers the service worker at /sw.js with scope / (spec section 7); a failed registration
 * is ignored (spec section 8): the store works without it, only offline listening does not.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  }, []);
}

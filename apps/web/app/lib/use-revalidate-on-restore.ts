import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

/**
 * A page the browser restores from its back-forward cache shows what it showed when it was left,
 * and no loader runs. Pages whose loader may send the visitor on (a sign-in form left for a
 * provider and come back to, signed in, with Back) ask their loaders again, which decide anew.
 */
export function useRevalidateOnRestore(): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void revalidate();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [revalidate]);
}

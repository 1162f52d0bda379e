import { useEffect } from 'react';
import { mn } from '@nomsan/contracts/messages';
import { deviceUuid } from '~/lib/device';
import { useOnline } from '~/lib/online-store';
import { toast } from '~/lib/toasts';
import { checkAppVersion, isChunkLoadError, reloadAfterChunkError, sessionId } from './client-session';

/** Runs once after hydration: ids, version check, chunk-error guard, online/offline tracking. */
export function useClientSession(): void {
  useEffect(() => {
    deviceUuid();
    sessionId();
    void checkAppVersion();

    const onPreloadError = (event: Event) => {
      event.preventDefault();
      reloadAfterChunkError();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadAfterChunkError();
    };
    const setOnline = useOnline.getState().set;
    const onOnline = () => {
      setOnline(true);
      toast.success(mn.layout.online);
    };
    const onOffline = () => {
      setOnline(false);
      toast.error(mn.layout.offline);
    };
    setOnline(navigator.onLine);
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, []);
}

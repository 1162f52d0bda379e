import { useState } from 'react';
import type { TitleType } from '@nomsan/contracts/library';
import { mn } from '@nomsan/contracts/messages';
import { formatDate } from '~/lib/format';
import { useHydrated } from '~/lib/use-hydrated';
import { buttonClass } from '~/ui/buttons';
import { download, downloadOf, leaseLive, offlineSupported, removeDownload, type Download } from './downloads';

/**
 * "Татаж авах" on an owner's player: the title's encrypted audio kept on the device with a key
 * lease, for listening without a network until the lease ends (renewed by downloading again).
 */
export function DownloadControl({ type, id }: { type: TitleType; id: number }) {
  const hydrated = useHydrated();
  // what the device holds is read at each render (a small localStorage entry); `changed` renders again
  const [, setChanged] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  if (!hydrated || !offlineSupported()) return null;
  const kept = downloadOf(type, id);
  const setKept = (_: Download | null) => setChanged((n) => n + 1);

  const start = async () => {
    setFailed(false);
    setProgress(0);
    try {
      setKept(await download(type, id, setProgress));
    } catch (error) {
      console.warn('the download did not finish', error);
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };
  const live = kept !== null && leaseLive(kept);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {progress !== null ? (
        <span role="status" className="text-sm font-semibold text-brand">
          {mn.player.downloading(Math.round(progress * 100))}
        </span>
      ) : live ? (
        <>
          <span className="text-sm font-semibold text-green-800" role="status">
            {mn.player.downloaded(formatDate(kept.lease.expires_at))}
          </span>
          <button
            type="button"
            onClick={() => void removeDownload(type, id).then(() => setKept(null))}
            className={buttonClass('ghost', 'sm')}
          >
            {mn.player.removeDownload}
          </button>
        </>
      ) : (
        <button
          type="button"
          onClick={() => void start()}
          className={buttonClass('secondary', 'sm')}
          title={mn.player.downloadHint}
        >
          {mn.player.download}
        </button>
      )}
      {failed ? (
        <span role="alert" className="text-sm text-red-700">
          {mn.player.downloadFailed}
        </span>
      ) : null}
    </div>
  );
}

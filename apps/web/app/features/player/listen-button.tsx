import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { browserApi } from '~/lib/browser-api';
import { href } from '~/lib/links';
import { buttonClass } from '~/ui/buttons';
import { HeadphonesIcon } from '~/ui/icons';
import { usePlayer, type TitleInfo } from './engine';

const warmUp = () =>
  void usePlayer
    .getState()
    .prepare()
    .catch(() => undefined);

/**
 * "Сонсох" on a title's page: to the player, which starts at once (the tap is the gesture the
 * browser needs, and the title starts loading with it, not after the page has changed). A member who holds the audio listens to it all, anyone else to the preview,
 * and the button says which.
 */
export function ListenButton({ type, id, info }: { type: 'book' | 'summary'; id: number; info: TitleInfo }) {
  const loggedIn = useAuth((s) => s.loggedIn);
  const [owned, setOwned] = useState<{ key: string; yes: boolean } | null>(null);
  const key = `${type}:${id}`;
  // the player's engine (Shaka, half a megabyte, attached to the audio element) gets ready once
  // the page has nothing else to do, or when the pointer or the focus reaches the button if
  // sooner: a tap then waits for the network only
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(warmUp, 1_000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(warmUp, { timeout: 2_000 });
    return () => cancelIdleCallback(idle);
  }, []);
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    browserApi()
      .holdings(type, id)
      .then(
        (held) => live && setOwned({ key, yes: held.some((h) => h.format === 'audiobook' || h.format === 'summary') }),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [loggedIn, type, id, key]);
  const full = loggedIn && owned?.key === key && owned.yes;
  return (
    <Link
      to={href.player(type, id)}
      state={{ autoplay: true }}
      onPointerEnter={warmUp}
      onFocus={warmUp}
      // the playback session, the licence and the first segment load while the page changes
      onClick={() => void usePlayer.getState().open(type, id, info, { autoplay: true })}
      className={`mt-5 ${buttonClass(full ? 'primary' : 'secondary', 'lg')}`}
    >
      <HeadphonesIcon width={20} height={20} />
      {full ? mn.player.listen : mn.player.listenPreview}
    </Link>
  );
}

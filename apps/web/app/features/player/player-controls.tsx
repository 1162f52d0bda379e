import { useId } from 'react';
import { mn } from '@nomsan/contracts/messages';
import { formatClock } from '~/lib/format';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from '~/lib/player-constants';
import { PauseIcon, PlayIcon, SkipBackIcon, SkipForwardIcon } from '~/ui/icons';
import { usePlayer } from './engine';

/** The seek bar with the time listened and the time left; dragging seeks once it rests. */
export function SeekBar({ compact = false }: { compact?: boolean }) {
  const position = usePlayer((s) => s.position);
  const duration = usePlayer((s) => s.duration);
  const scrub = usePlayer((s) => s.scrub);
  const ready = duration > 0;
  return (
    <div className={compact ? '' : 'w-full'}>
      <input
        type="range"
        min={0}
        max={ready ? duration : 1}
        step={0.1}
        value={ready ? Math.min(position, duration) : 0}
        disabled={!ready}
        onChange={(event) => scrub(Number(event.target.value))}
        aria-label={mn.player.seekBar}
        aria-valuetext={`${formatClock(position)} / ${formatClock(duration)}`}
        className="h-2 w-full cursor-pointer accent-brand disabled:cursor-default"
      />
      {compact ? null : (
        <div className="mt-1 flex justify-between text-xs tabular-nums text-muted">
          <span>
            <span className="sr-only">{mn.player.elapsed}: </span>
            {formatClock(position)}
          </span>
          <span>
            <span className="sr-only">{mn.player.remaining}: </span>-{formatClock(Math.max(0, duration - position))}
          </span>
        </div>
      )}
    </div>
  );
}

/** Back 10 s, play/pause, forward 30 s (the spec's steps). */
export function TransportButtons({ size = 'lg' }: { size?: 'lg' | 'sm' }) {
  const status = usePlayer((s) => s.status);
  const toggle = usePlayer((s) => s.toggle);
  const skip = usePlayer((s) => s.skip);
  const playing = status === 'playing';
  const busy = status === 'loading' || status === 'preparing' || status === 'idle' || status === 'error';
  const big = size === 'lg';
  const round = `inline-flex items-center justify-center rounded-full transition-colors disabled:opacity-50`;
  return (
    <div className={`flex items-center ${big ? 'gap-6' : 'gap-1'}`}>
      <button
        type="button"
        onClick={() => skip(-SKIP_BACK_SECONDS)}
        disabled={busy}
        aria-label={mn.player.back(SKIP_BACK_SECONDS)}
        className={`${round} ${big ? 'size-12' : 'size-9'} text-ink hover:bg-surface`}
      >
        <SkipBackIcon width={big ? 30 : 22} height={big ? 30 : 22} />
      </button>
      <button
        type="button"
        onClick={toggle}
        disabled={busy}
        aria-label={playing ? mn.player.pause : mn.player.play}
        className={`${round} ${big ? 'size-16' : 'size-10'} bg-brand text-white hover:bg-brand-dark`}
      >
        {playing ? (
          <PauseIcon width={big ? 30 : 20} height={big ? 30 : 20} />
        ) : (
          <PlayIcon width={big ? 30 : 20} height={big ? 30 : 20} />
        )}
      </button>
      <button
        type="button"
        onClick={() => skip(SKIP_FORWARD_SECONDS)}
        disabled={busy}
        aria-label={mn.player.forward(SKIP_FORWARD_SECONDS)}
        className={`${round} ${big ? 'size-12' : 'size-9'} text-ink hover:bg-surface`}
      >
        <SkipForwardIcon width={big ? 30 : 22} height={big ? 30 : 22} />
      </button>
    </div>
  );
}

/** Speed from 0.5x to 3.5x in 0.1 steps: a stepper and a list. */
export function SpeedControl() {
  const speed = usePlayer((s) => s.speed);
  const setSpeed = usePlayer((s) => s.setSpeed);
  const id = useId();
  const steps = Array.from({ length: 31 }, (_, i) => Math.round((0.5 + i * 0.1) * 10) / 10);
  const step =
    'inline-flex size-9 items-center justify-center rounded-full border border-line text-lg font-bold hover:border-brand hover:text-brand disabled:opacity-40';
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        {mn.player.speed}
      </label>
      <button
        type="button"
        className={step}
        onClick={() => setSpeed(speed - 0.1)}
        disabled={speed <= 0.5}
        aria-label={mn.player.slower}
      >
        −
      </button>
      <select
        id={id}
        value={speed.toFixed(1)}
        onChange={(event) => setSpeed(Number(event.target.value))}
        className="h-9 rounded-full border border-line bg-white px-3 text-sm font-semibold tabular-nums"
      >
        {steps.map((s) => (
          <option key={s} value={s.toFixed(1)}>
            {mn.player.speedValue(s.toFixed(1))}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={step}
        onClick={() => setSpeed(speed + 0.1)}
        disabled={speed >= 3.5}
        aria-label={mn.player.faster}
      >
        +
      </button>
    </div>
  );
}

/** The level meter: what the analyser hears, so a silent decode shows as silence. */
export function LevelMeter() {
  const level = usePlayer((s) => s.level);
  return (
    <div
      role="meter"
      aria-label={mn.player.level}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(level * 100)}
      data-level={level.toFixed(2)}
      className="flex h-4 w-24 items-end gap-0.5"
    >
      {Array.from({ length: 10 }, (_, i) => (
        <span
          key={i}
          className={`w-full rounded-sm ${level * 10 > i ? 'bg-brand' : 'bg-line'}`}
          style={{ height: `${30 + i * 7}%` }}
        />
      ))}
    </div>
  );
}

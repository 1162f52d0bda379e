import { useEffect, useRef } from 'react';
import { mn } from '@nomsan/contracts/messages';
import { usePlayer } from './engine';

/**
 * Read-along: the recording's sentences, the one being spoken highlighted as the audio moves;
 * a tap on a sentence plays from it. The panel scrolls itself (never the page) to keep the
 * spoken sentence in view.
 */
export function ReadAlong() {
  const transcript = usePlayer((s) => s.session?.transcript ?? null);
  const position = usePlayer((s) => s.position);
  const seek = usePlayer((s) => s.seek);
  const play = usePlayer((s) => s.play);
  const panel = useRef<HTMLOListElement>(null);
  const current = transcript ? transcript.findIndex((s) => position >= s.start && position < s.end) : -1;

  useEffect(() => {
    const list = panel.current;
    const item = current >= 0 ? list?.children[current] : null;
    if (!list || !(item instanceof HTMLElement)) return;
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3), behavior: 'smooth' });
    }
  }, [current]);

  if (!transcript || transcript.length === 0) return null;
  return (
    <section aria-labelledby="read-along" className="mt-5">
      <h2 id="read-along" className="text-lg font-bold">
        {mn.player.readAlong}
      </h2>
      <p className="text-sm text-muted">{mn.player.readAlongHint}</p>
      <ol
        ref={panel}
        className="mt-3 max-h-64 overflow-y-auto rounded-2xl border border-line bg-white p-4 text-lg leading-relaxed"
        aria-label={mn.player.readAlong}
      >
        {transcript.map((sentence, index) => (
          <li key={`${sentence.start}-${index}`} className="inline">
            <button
              type="button"
              onClick={() => {
                seek(sentence.start);
                void play();
              }}
              aria-current={index === current ? 'true' : undefined}
              className={`rounded px-0.5 text-left transition-colors hover:bg-brand-soft ${
                index === current ? 'bg-amber-200 text-ink' : index < current ? 'text-ink' : 'text-ink/60'
              }`}
            >
              {sentence.text}
            </button>{' '}
          </li>
        ))}
      </ol>
    </section>
  );
}

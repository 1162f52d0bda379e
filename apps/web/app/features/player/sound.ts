/**
 * The player's Web Audio graph: element → gain → compressor → analyser → speakers. It gives
 * the level meter its signal (proof the audio is really decoded, not only that time moves),
 * the volume boost (gain with a compressor so loud passages do not clip) and smart speed
 * (silences longer than a moment are played at twice the chosen speed).
 */
export interface SoundGraph {
  resume(): void;
  setBoost(on: boolean): void;
  setSmartSpeed(on: boolean, speed: () => number): void;
  /** whether the playback rate now is smart speed's, not the listener's */
  adjustingRate(): boolean;
}

const LEVEL_EVERY_MS = 100;
/** RMS below this is silence (speech sits around 0.05 to 0.3) */
const SILENCE_RMS = 0.012;
/** silence this long is shortened */
const SILENCE_MS = 250;
const BOOST_GAIN = 2.2;

export function soundGraph(element: HTMLMediaElement, onLevel: (level: number) => void): SoundGraph | null {
  const AudioContextClass =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return null;
  let context: AudioContext;
  let source: MediaElementAudioSourceNode;
  try {
    context = new AudioContextClass();
    source = context.createMediaElementSource(element);
  } catch {
    return null; // the element is routed already, or the browser refuses: plain playback
  }
  const gain = context.createGain();
  const compressor = context.createDynamicsCompressor();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  source.connect(gain).connect(compressor).connect(analyser).connect(context.destination);
  const samples = new Float32Array(analyser.fftSize);

  let smart: { speed: () => number } | null = null;
  let quietSince: number | null = null;
  let adjusting = false;
  let shown = -1;

  const setRate = (rate: number, smartRate: boolean) => {
    adjusting = smartRate;
    element.playbackRate = rate;
  };

  setInterval(() => {
    if (element.paused) {
      if (shown !== 0) onLevel((shown = 0));
      return;
    }
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    const rms = Math.sqrt(sum / samples.length);
    const level = Math.min(1, Math.round(rms * 400) / 100);
    if (Math.abs(level - shown) >= 0.02) onLevel((shown = level));
    if (!smart) return;
    const now = performance.now();
    if (rms < SILENCE_RMS) {
      quietSince ??= now;
      if (!adjusting && now - quietSince >= SILENCE_MS) setRate(Math.min(4, smart.speed() * 2), true);
    } else {
      quietSince = null;
      if (adjusting) setRate(smart.speed(), false);
    }
  }, LEVEL_EVERY_MS);

  return {
    resume: () => void context.resume().catch(() => undefined),
    setBoost(on) {
      gain.gain.value = on ? BOOST_GAIN : 1;
      // off: a compressor that does nothing; on: one that keeps the boosted peaks in
      compressor.threshold.value = on ? -24 : 0;
      compressor.ratio.value = on ? 4 : 1;
    },
    setSmartSpeed(on, speed) {
      smart = on ? { speed } : null;
      if (!on && adjusting) setRate(speed(), false);
    },
    adjustingRate: () => adjusting,
  };
}

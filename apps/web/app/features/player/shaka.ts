/**
 * Shaka Player, loaded on first play (half a megabyte: no page pays for it before someone
 * presses play). Only the DASH build: HLS goes to Safari's own player, which is the only
 * browser that needs it (no ClearKey there).
 */

/** the part of shaka.Player the engine uses */
export interface ShakaPlayer {
  attach(media: HTMLMediaElement): Promise<void>;
  load(uri: string, startTime?: number | null): Promise<void>;
  unload(): Promise<void>;
  destroy(): Promise<void>;
  configure(config: object): boolean;
  getNetworkingEngine(): {
    registerRequestFilter(
      filter: (type: number, request: { headers: Record<string, string>; uris: string[] }) => void,
    ): void;
    clearAllRequestFilters(): void;
  } | null;
  addEventListener(type: 'error', listener: (event: { detail: { code: number; category: number } }) => void): void;
}

interface ShakaNamespace {
  Player: new () => ShakaPlayer;
  polyfill: { installAll(): void };
  net: { NetworkingEngine: { RequestType: { LICENSE: number } } };
}

let loading: Promise<ShakaNamespace | null> | undefined;

/** Shaka, or null where this browser has no Media Source Extensions or no ClearKey */
export function loadShaka(): Promise<ShakaNamespace | null> {
  loading ??= (async () => {
    if (typeof window === 'undefined' || !('MediaSource' in window) || !navigator.requestMediaKeySystemAccess)
      return null;
    try {
      await navigator.requestMediaKeySystemAccess('org.w3.clearkey', [
        { initDataTypes: ['cenc'], audioCapabilities: [{ contentType: 'audio/mp4; codecs="mp4a.40.2"' }] },
      ]);
    } catch {
      return null;
    }
    const module = (await import('shaka-player/dist/shaka-player.dash-es2021.js')) as unknown as {
      default: ShakaNamespace;
    };
    const shaka = module.default;
    shaka.polyfill.installAll();
    return shaka;
  })();
  return loading;
}

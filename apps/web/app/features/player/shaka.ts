/**
 * Shaka Player, loaded by the pages that can play (a title's page once idle, the players) and
 * on first play: half a megabyte no other page pays for. Only the DASH build: HLS goes to
 * Safari's own player, which is the only browser that needs it (no ClearKey there).
 */

/** the part of shaka.Player the engine uses */
export interface ShakaPlayer {
  attach(media: HTMLMediaElement): Promise<void>;
  load(uri: string, startTime?: number | null): Promise<void>;
  unload(): Promise<void>;
  destroy(): Promise<void>;
  configure(config: object): boolean;
  addEventListener(type: 'error', listener: (event: { detail: { code: number; category: number } }) => void): void;
}

interface ShakaResponse {
  uri: string;
  originalUri: string;
  data: ArrayBuffer;
  headers: Record<string, string>;
  status: number;
}

export interface ShakaNamespace {
  Player: new () => ShakaPlayer;
  polyfill: { installAll(): void };
  net: {
    NetworkingEngine: {
      registerScheme(
        scheme: string,
        plugin: (uri: string, request: { body: ArrayBuffer | ArrayBufferView | null }) => unknown,
      ): void;
    };
  };
  util: { AbortableOperation: { notAbortable(promise: Promise<ShakaResponse>): unknown } };
}

let loading: Promise<ShakaNamespace | null> | undefined;

/**
 * The licence server URI Shaka is given: its requests are answered on the device by
 * `setLicenceAnswer`'s function (the licence fetched as soon as the playback session came, or
 * a download's lease offline), so the licence is not a step after the manifest.
 */
export const LICENCE_SCHEME = 'nomsan-licence';
/** asked key ids (base64url) → the W3C ClearKey licence's bytes (a JSON Web Key set) */
export type LicenceAnswer = (kids: string[]) => Promise<ArrayBuffer>;
const NO_LICENCE: LicenceAnswer = () => Promise.reject(new Error('no licence for this title'));
let licenceAnswer = NO_LICENCE;

/** how the player's licence requests are answered from now on (each title sets its own; null: refused) */
export function setLicenceAnswer(answer: LicenceAnswer | null): void {
  licenceAnswer = answer ?? NO_LICENCE;
}

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
    // the licence, answered on the device by the title's `LicenceAnswer`
    shaka.net.NetworkingEngine.registerScheme(LICENCE_SCHEME, (uri, request) => {
      const body = request.body instanceof ArrayBuffer ? new Uint8Array(request.body) : request.body;
      const asked = JSON.parse(new TextDecoder().decode(body ?? new Uint8Array())) as { kids?: string[] };
      return shaka.util.AbortableOperation.notAbortable(
        licenceAnswer(asked.kids ?? []).then((data) => ({
          uri,
          originalUri: uri,
          data,
          headers: { 'content-type': 'application/json' },
          status: 200,
        })),
      );
    });
    return shaka;
  })();
  return loading;
}

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

interface ShakaResponse {
  uri: string;
  originalUri: string;
  data: ArrayBuffer;
  headers: Record<string, string>;
  status: number;
}

interface ShakaNamespace {
  Player: new () => ShakaPlayer;
  polyfill: { installAll(): void };
  net: {
    NetworkingEngine: {
      RequestType: { LICENSE: number };
      registerScheme(
        scheme: string,
        plugin: (uri: string, request: { body: ArrayBuffer | ArrayBufferView | null }) => unknown,
      ): void;
    };
  };
  util: { AbortableOperation: { completed(value: ShakaResponse): unknown } };
}

let loading: Promise<ShakaNamespace | null> | undefined;

/** the licence server URI of a downloaded title played offline (see `setLeaseKeys`) */
export const LEASE_SCHEME = 'nomsan-lease';
/** the keys of the downloaded title now playing, by key id (base64url both, as JWK has them) */
let leaseKeys: Record<string, string> = {};

/** the keys the on-device licence answers with; none once the title is no longer offline */
export function setLeaseKeys(keys: Record<string, string>): void {
  leaseKeys = keys;
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
    // the licence of a downloaded title, answered on the device from its lease (no network)
    shaka.net.NetworkingEngine.registerScheme(LEASE_SCHEME, (uri, request) => {
      const body = request.body instanceof ArrayBuffer ? new Uint8Array(request.body) : request.body;
      const asked = JSON.parse(new TextDecoder().decode(body ?? new Uint8Array())) as { kids?: string[] };
      const keys = (asked.kids ?? [])
        .filter((kid) => leaseKeys[kid])
        .map((kid) => ({ kty: 'oct', kid, k: leaseKeys[kid]! }));
      const data = new TextEncoder().encode(JSON.stringify({ keys, type: 'temporary' }));
      return shaka.util.AbortableOperation.completed({
        uri,
        originalUri: uri,
        data: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
        headers: { 'content-type': 'application/json' },
        status: 200,
      });
    });
    return shaka;
  })();
  return loading;
}

import Bowser from 'bowser';
import { mn } from '@nomsan/contracts/messages';

export const DEVICE_NAME_MAX = 50;
export const DEFAULT_APP_VERSION = '1.0.2';

export interface DeviceInfo {
  deviceUuid: string | null;
  clientId: string | null;
  /** '{browser} on {os}', cut to 50 characters */
  name: string;
  /** browser name and version */
  browser: string | null;
  os: string | null;
  appVersion: string;
}

/** What a sign-in request says about its device: headers from apps, the User-Agent from browsers. */
export function describeDevice(headers: {
  userAgent?: string;
  deviceUuid?: string;
  clientId?: string;
  appVersion?: string;
}): DeviceInfo {
  const parsed = headers.userAgent ? Bowser.parse(headers.userAgent) : undefined;
  const browserName = parsed?.browser.name || headers.clientId || null;
  const osName = parsed?.os.name || null;
  const name = browserName && osName ? `${browserName} on ${osName}` : (browserName ?? osName ?? mn.auth.unknownDevice);
  const browser = parsed?.browser.name ? [parsed.browser.name, parsed.browser.version].filter(Boolean).join(' ') : null;
  return {
    deviceUuid: headers.deviceUuid ?? null,
    clientId: headers.clientId ?? null,
    name: name.slice(0, DEVICE_NAME_MAX),
    browser: browser?.slice(0, 100) ?? null,
    os: osName?.slice(0, 100) ?? null,
    appVersion: headers.appVersion || DEFAULT_APP_VERSION,
  };
}

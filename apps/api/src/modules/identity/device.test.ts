import { describe, expect, it } from 'vitest';
import { describeDevice } from './device';

describe('device names', () => {
  it("is '{browser} on {os}' from the User-Agent, with the app version", () => {
    const device = describeDevice({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      appVersion: '1.0.3',
    });
    expect(device).toMatchObject({ name: 'Safari on iOS', browser: 'Safari 17.0', os: 'iOS', appVersion: '1.0.3' });
  });

  it('is cut to 50 characters, and falls back to the client id and the default version', () => {
    expect(describeDevice({ clientId: 'x'.repeat(80) }).name).toHaveLength(50);
    expect(describeDevice({})).toMatchObject({ appVersion: '1.0.2', name: 'Тодорхойгүй төхөөрөмж' });
  });
});

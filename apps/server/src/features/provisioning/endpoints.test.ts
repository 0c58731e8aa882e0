import { describe, expect, it } from 'vitest';
import { deviceEndpoints } from './module.ts';

const request = { protocol: 'http' as const, host: '192.168.1.5:3000', hostname: '192.168.1.5' };

describe('the addresses devices are told', () => {
  it('are where the administrator reached the console, with the embedded broker’s port', () => {
    expect(deviceEndpoints({}, 1883, request)).toEqual({
      mqtt_url: 'mqtt://192.168.1.5:1883',
      mqtt_first_contact: true,
      http_url: 'http://192.168.1.5:3000/api/ingest/v1',
      topic_prefix: 'rcm/v1',
    });
  });

  it('follow PUBLIC_URL when it is set', () => {
    const got = deviceEndpoints({ PUBLIC_URL: 'https://console.polar.example/' }, 1883, request);
    expect(got).toMatchObject({
      mqtt_url: 'mqtt://console.polar.example:1883',
      http_url: 'https://console.polar.example/api/ingest/v1',
    });
  });

  it('name an external broker without the server account’s credentials; first contact is then over HTTP', () => {
    const got = deviceEndpoints({ MQTT_URL: 'mqtt://rcm-server:s3cret@broker.polar.example:1883' }, null, request);
    expect(got).toMatchObject({ mqtt_url: 'mqtt://broker.polar.example:1883', mqtt_first_contact: false });
    expect(JSON.stringify(got)).not.toContain('s3cret');
  });

  it('have no MQTT address without any broker (MQTT_PORT=none)', () => {
    expect(deviceEndpoints({}, null, request)).toMatchObject({ mqtt_url: null, mqtt_first_contact: false });
  });
});

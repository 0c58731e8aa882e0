import { describe, expect, it } from 'vitest';
import { deviceTopic, normalizeMac, parseDeviceTopic, telemetryMessage } from './device.ts';

describe('device protocol', () => {
  it('normalizes MAC addresses and rejects what is not one', () => {
    expect(normalizeMac('AA-BB-CC-DD-EE-0F')).toBe('aa:bb:cc:dd:ee:0f');
    expect(normalizeMac('aabbccddee0f')).toBe('aa:bb:cc:dd:ee:0f');
    expect(normalizeMac('aa:bb:cc:dd:ee')).toBeNull();
    expect(normalizeMac('zz:bb:cc:dd:ee:ff')).toBeNull();
    expect(normalizeMac('+')).toBeNull();
  });

  it('builds and parses topics', () => {
    expect(deviceTopic('aa:bb:cc:dd:ee:0f', 'telemetry')).toBe('rcm/v1/aabbccddee0f/telemetry');
    expect(parseDeviceTopic('rcm/v1/aabbccddee0f/alarms')).toEqual({ mac: 'aa:bb:cc:dd:ee:0f', channel: 'alarms' });
    expect(parseDeviceTopic('rcm/v1/aabbccddee0f/other')).toBeNull();
    expect(parseDeviceTopic('rcm/v2/aabbccddee0f/status')).toBeNull();
    expect(parseDeviceTopic('rcm/v1/aabbccddee0f/status/extra')).toBeNull();
  });

  it('validates telemetry and rejects non-finite values', () => {
    const ok = telemetryMessage.safeParse({
      msg_id: 'm1',
      ts: '2026-11-22T01:02:03Z',
      racks: [{ ref: 'A', metrics: { superheat: 8.2 }, points: [{ addr: 'A.SUCT', value: 42.1 }] }],
    });
    expect(ok.success).toBe(true);
    expect(telemetryMessage.safeParse({ msg_id: 'm1', ts: 'yesterday', racks: [] }).success).toBe(false);
  });
});

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

  it('rejects text with a NUL character anywhere a device sends text (PostgreSQL cannot store it)', () => {
    const message = (patch: { addr?: string; ref?: string; msg_id?: string; metric?: string }) => ({
      msg_id: patch.msg_id ?? 'm1',
      ts: '2026-11-22T01:02:03Z',
      racks: [
        {
          ref: patch.ref ?? 'A',
          metrics: { [patch.metric ?? 'superheat']: 8.2 },
          points: [{ addr: patch.addr ?? 'A.SUCT', value: 42.1 }],
        },
      ],
    });
    expect(telemetryMessage.safeParse(message({})).success).toBe(true);
    expect(telemetryMessage.safeParse(message({ addr: 'A.\u0000SUCT' })).success).toBe(false);
    expect(telemetryMessage.safeParse(message({ ref: '\u0000' })).success).toBe(false);
    expect(telemetryMessage.safeParse(message({ msg_id: 'm\u0000' })).success).toBe(false);
    expect(telemetryMessage.safeParse(message({ metric: 'super\u0000heat' })).success).toBe(false);
    // Other control characters are stored as they are (COPY escapes them).
    expect(telemetryMessage.safeParse(message({ addr: 'A.\tSUCT\n' })).success).toBe(true);
  });
});

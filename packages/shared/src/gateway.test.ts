import { describe, expect, it } from 'vitest';
import {
  birthMessage,
  childId,
  childKey,
  childTopic,
  gatewayOfKey,
  gatewayTopic,
  parseBirthTopic,
  parseChildId,
  parseChildTopic,
} from './gateway.ts';

describe('gateway protocol', () => {
  it("keys a child by its gateway's MAC (the console's controller mac_address) and parses a birth topic", () => {
    expect(childKey('aa:bb:cc:dd:ee:0f', 'bus1-3')).toBe('aa:bb:cc:dd:ee:0f/bus1-3');
    expect(gatewayOfKey('aa:bb:cc:dd:ee:0f/bus1-3')).toBe('aa:bb:cc:dd:ee:0f');
    expect(gatewayOfKey('aa:bb:cc:dd:ee:0f')).toBeNull();
    expect(parseBirthTopic(gatewayTopic('aa:bb:cc:dd:ee:0f', 'birth'))).toBe('aa:bb:cc:dd:ee:0f');
    expect(parseBirthTopic('rcm/v1/aabbccddee0f/status')).toBeNull();
    expect(parseBirthTopic('rcm/v1/not-a-mac/birth')).toBeNull();
  });

  it('names children {bus}-{unit_id} and reads the id back', () => {
    expect(childId('rs485_1', 12)).toBe('rs485_1-12');
    expect(parseChildId('rs485_1-12')).toEqual({ bus: 'rs485_1', unit_id: 12 });
    expect(parseChildId('rs485_1-0')).toBeNull();
    expect(parseChildId('rs485_1-248')).toBeNull();
    expect(parseChildId('a/b-1')).toBeNull();
  });

  it('builds and parses the topics', () => {
    expect(gatewayTopic('aa:bb:cc:dd:ee:0f', 'birth')).toBe('rcm/v1/aabbccddee0f/birth');
    expect(childTopic('aa:bb:cc:dd:ee:0f', 'bus1-3', 'telemetry')).toBe('rcm/v1/aabbccddee0f/dev/bus1-3/telemetry');
    expect(parseChildTopic('rcm/v1/aabbccddee0f/dev/bus1-3/alarms')).toEqual({
      mac: 'aa:bb:cc:dd:ee:0f',
      child: 'bus1-3',
      channel: 'alarms',
    });
    expect(parseChildTopic('rcm/v1/aabbccddee0f/dev/bus1-3/birth')).toBeNull();
    expect(parseChildTopic('rcm/v1/aabbccddee0f/dev/bus1/status')).toBeNull();
    expect(parseChildTopic('rcm/v1/aabbccddee0f/telemetry')).toBeNull();
  });

  it('validates the birth message: each child named by its bus and unit, once', () => {
    const child = {
      child: 'bus1-3',
      bus: 'bus1',
      unit_id: 3,
      endpoint: '/dev/ttyUSB0',
      profile: 'danfoss-ak-cc55',
      profile_version: '1.0.0',
      name: 'Dairy',
    };
    const birth = { msg_id: 'b1', ts: '2026-12-01T00:00:00Z', agent: { version: '0.1.0' }, children: [child] };
    expect(birthMessage.safeParse(birth).success).toBe(true);
    const wrong = birthMessage.safeParse({ ...birth, children: [{ ...child, child: 'bus1-4' }, child, child] });
    expect(wrong.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'children.0.child: must be {bus}-{unit_id}',
      'children.2.child: a second child with this id',
    ]);
  });
});

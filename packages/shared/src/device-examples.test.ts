import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVICE_CHANNELS, deviceAlarmMessage, statusMessage, telemetryMessage } from './device.ts';
import { DEVICE_MESSAGE_EXAMPLES, deviceExampleJson } from './device-examples.ts';

describe('device message examples', () => {
  it('are messages the ingest schemas accept', () => {
    expect(statusMessage.safeParse(DEVICE_MESSAGE_EXAMPLES.status).success).toBe(true);
    expect(telemetryMessage.safeParse(DEVICE_MESSAGE_EXAMPLES.telemetry).success).toBe(true);
    expect(deviceAlarmMessage.safeParse(DEVICE_MESSAGE_EXAMPLES.alarms).success).toBe(true);
  });

  it('are the README’s, word for word', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const channel of DEVICE_CHANNELS)
      expect(readme).toContain(`\`\`\`json\n${deviceExampleJson(channel)}\n\`\`\``);
  });
});

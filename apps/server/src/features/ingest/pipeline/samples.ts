import type { TelemetryMessage } from '@rcm/shared/device';
import { METRIC_UNITS, type Sample } from '../../alarms/engine/engine.ts';

/** Every value of a telemetry message as engine samples: metrics as `{rack}:{metric}`, points by addr. */
export function samplesOf(message: TelemetryMessage): Sample[] {
  const out: Sample[] = [];
  for (const rack of message.racks) {
    for (const [metric, value] of Object.entries(rack.metrics)) {
      out.push({
        subject: `${rack.ref}:${metric}`,
        rackRef: rack.ref,
        kind: 'metric',
        value,
        unit: METRIC_UNITS[metric],
      });
    }
    for (const point of rack.points) {
      out.push({
        subject: point.addr,
        rackRef: rack.ref,
        kind: 'point',
        name: point.name,
        value: point.value,
        unit: point.unit,
        status: point.status,
      });
    }
  }
  return out;
}

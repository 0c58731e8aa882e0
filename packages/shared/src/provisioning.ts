import { z } from 'zod';

/** Device topics: `rcm/v1/{mac}/status|telemetry|alarms` (docs/contracts.md, device protocol). */
export const DEVICE_TOPIC_PREFIX = 'rcm/v1';

/** What an installer needs to connect a controller (administrators: it holds the fleet's provisioning key). */
export const provisioningSettings = z.object({
  /** Where devices speak MQTT (no credentials in it); null when this installation has no MQTT path. */
  mqtt_url: z.string().nullable(),
  /** Whether a new controller may announce itself over MQTT (the embedded broker); else over HTTP. */
  mqtt_first_contact: z.boolean(),
  /** HTTP ingest: POST `{http_url}/{mac}/status|telemetry|alarms` with `Authorization: Device <key>`. */
  http_url: z.string(),
  topic_prefix: z.string(),
  provisioning_key: z.string(),
});
export type ProvisioningSettings = z.infer<typeof provisioningSettings>;

/** The simulator command that makes one test controller announce itself with the provisioning key. */
export function simulatorCommand(
  settings: Pick<ProvisioningSettings, 'mqtt_url' | 'mqtt_first_contact' | 'http_url' | 'provisioning_key'>,
): string {
  const url =
    settings.mqtt_url && settings.mqtt_first_contact
      ? settings.mqtt_url
      : settings.http_url.replace(/\/api\/ingest\/v1\/?$/, '');
  return `npm run simulate -w apps/simulator -- --url ${url} --controllers 1 --key ${settings.provisioning_key}`;
}

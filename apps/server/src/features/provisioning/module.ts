import { DEVICE_TOPIC_PREFIX, provisioningSettings } from '@rcm/shared/provisioning';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { auditActor } from '../audit/repo.ts';
import { needs, requireAdministrator } from '../auth/guard.ts';
import type { FeatureContext } from '../context.ts';

const answer = { 200: z.object({ data: provisioningSettings }) };

/** An MQTT URL as devices are told it: never with the server account's credentials. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString().replace(/\/$/, '');
}

/**
 * Where devices reach this installation. The console's public address (PUBLIC_URL), else the address
 * the administrator reached the console at: devices on the same network reach it there too.
 */
export function deviceEndpoints(
  config: Pick<Config, 'PUBLIC_URL' | 'MQTT_URL'>,
  mqttPort: number | null,
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'hostname'>,
) {
  const base = config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : request.hostname;
  const mqttUrl = config.MQTT_URL
    ? withoutCredentials(config.MQTT_URL)
    : mqttPort !== null
      ? `mqtt://${host.includes(':') ? `[${host}]` : host}:${mqttPort}`
      : null;
  return {
    mqtt_url: mqttUrl,
    // Through an external broker a new controller has no credentials yet: it announces itself over HTTP.
    mqtt_first_contact: !config.MQTT_URL && mqttPort !== null,
    http_url: `${base}/api/ingest/v1`,
    topic_prefix: DEVICE_TOPIC_PREFIX,
  };
}

/** Settings → provisioning: how to connect a controller, and the fleet's provisioning key (administrators). */
export function provisioningModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { devices } = ctx.shared;
  return async (app) => {
    app.get(
      '/settings/provisioning',
      {
        config: needs('provisioning.manage'),
        schema: { summary: 'How controllers connect, with the provisioning key', response: answer },
      },
      async (request) => {
        requireAdministrator(request);
        return {
          data: {
            ...deviceEndpoints(ctx.config, devices.mqttPort, request),
            provisioning_key: await devices.provisioning.current(),
          },
        };
      },
    );
    app.post(
      '/settings/provisioning/rotate',
      {
        config: needs('provisioning.manage'),
        schema: { summary: 'Replace the provisioning key (the old one is refused at once)', response: answer },
      },
      async (request) => {
        const auth = requireAdministrator(request);
        const key = await devices.provisioning.rotate((tx) =>
          ctx.audit.recordBy(auditActor(auth), { action: 'provisioning.rotate_key', subjectType: 'installation' }, tx),
        );
        return { data: { ...deviceEndpoints(ctx.config, devices.mqttPort, request), provisioning_key: key } };
      },
    );
  };
}

import type { MailSettings } from '@rcm/shared/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import { needs, requireAdministrator } from '../auth/guard.ts';
import { createMailTransport, mailServerConfigured } from '../mail/transport.ts';
import type { MailSettingsRepo } from './mail-settings-repo.ts';
import { mailSettingsResponse, mailTestSchema } from './mail-settings-schemas.ts';
import { renderTestEmail } from './test-email.ts';

/** The SMTP server as an administrator may see it: never its password or other secrets in the URL. */
export function smtpSummary(smtpUrl: string | undefined): MailSettings['smtp'] {
  if (!smtpUrl) return null;
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decodeURIComponent(url.username) : null,
  };
}

/**
 * Settings → Email (administrators): the configuration without secrets, and a test message sent at
 * once through the real SMTP transport (not the outbox), so the answer says what the server said.
 */
export function mailSettingsRoutes(deps: {
  repo: MailSettingsRepo;
  config: Config;
  db: Db;
  audit: AuditRepo;
  publicUrl: () => string;
}): FastifyPluginAsyncZod {
  const { config } = deps;
  return async (app) => {
    app.get(
      '/settings/email',
      {
        config: needs('settings.edit'),
        schema: { summary: 'How this installation sends email (no secrets)', response: mailSettingsResponse },
      },
      async (request) => {
        requireAdministrator(request);
        const facts = await deps.repo.deliveryFacts();
        const data: MailSettings = {
          transport: mailServerConfigured(config) ? 'smtp' : 'none',
          smtp: smtpSummary(config.SMTP_URL),
          from: config.EMAIL_FROM,
          public_url: deps.publicUrl(),
          last_failure: facts.lastFailure,
          last_sent_at: facts.lastSentAt,
        };
        return { data };
      },
    );
    app.post('/settings/email/test', { config: needs('settings.edit'), schema: mailTestSchema }, async (request) => {
      const auth = requireAdministrator(request);
      if (!mailServerConfigured(config)) throw new AppError(409, 'no_mail_server');
      const transport = createMailTransport(config.SMTP_URL);
      const mail = renderTestEmail({ locale: request.locale, publicUrl: deps.publicUrl() });
      let error: string | null = null;
      try {
        await transport.send({ id: 0, from: config.EMAIL_FROM, to: request.body.to, ...mail });
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      } finally {
        transport.close();
      }
      await deps.audit.recordAction({
        ...auditActor(auth),
        action: 'email.test',
        subjectType: 'installation',
        after: { to: request.body.to, sent: error === null },
      });
      return { data: { sent: error === null, error } };
    });
  };
}

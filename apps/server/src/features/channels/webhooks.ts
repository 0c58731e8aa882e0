import { randomBytes } from 'node:crypto';
import { normalizeLocale } from '@rcm/shared/locale';
import type { Webhook, WebhookBody, WebhookDelivery, WebhookPatch } from '@rcm/shared/webhooks';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { isPublicUrl } from '../../lib/public-address.ts';
import { toIso } from '../../lib/sql.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import { holdsOrganization, requireScope, type TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { sendWebhookTest, type WebhookDeliveryDeps } from './webhook-deliver.ts';
import { type AttemptRow, createWebhooksRepo, type DeliveryRow, type WebhookRow } from './webhooks-repo.ts';

const fieldError = (field: string, key: string) => new AppError(422, 'validation_failed', { fields: [{ field, key }] });

export function toWebhook(w: WebhookRow): Webhook {
  return {
    id: w.id,
    name: w.name,
    url: w.url,
    kind: w.kind,
    events: w.events,
    organization_id: w.organizationId,
    organization: w.organizationId === null ? null : { id: w.organizationId, name: w.organizationName ?? '' },
    enabled: w.enabled,
    locale: normalizeLocale(w.locale),
    last_delivery: w.lastStatus && w.lastAt ? { status: w.lastStatus, at: w.lastAt.toISOString() } : null,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

export function toDelivery(d: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: Number(d.id),
    message_id: d.message_id,
    event: d.event,
    alarm_ref: d.alarm_ref === null ? null : Number(d.alarm_ref),
    status: d.status,
    attempts: Number(d.attempts),
    created_at: toIso(d.created_at) ?? '',
    next_attempt_at: d.status === 'queued' ? toIso(d.next_attempt_at) : null,
    attempt_log: attempts
      .filter((a) => Number(a.deliveryId) === Number(d.id))
      .map((a) => ({
        attempt: Number(a.attempt),
        at: toIso(a.at) ?? '',
        status_code: a.statusCode === null ? null : Number(a.statusCode),
        error_code: a.errorCode,
        error: a.error,
        duration_ms: Number(a.durationMs),
      })),
  };
}

/** `whsec_` and 24 random bytes in base64: the Standard Webhooks secret format. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * Outbound webhooks, Settings → Webhooks. An organization's webhook receives that organization's
 * alarms and is managed by its settings people; one without an organization receives every
 * organization's and is for those who see every organization. Addresses must be public (SSRF)
 * unless WEBHOOK_ALLOW_PRIVATE.
 */
export function createWebhooks(
  deps: ChangeDeps & { publicUrl: string } & Pick<WebhookDeliveryDeps, 'allowPrivateWebhooks' | 'log'>,
) {
  const { db, audit, now } = deps;
  const repo = createWebhooksRepo(db);

  async function checkOrganization(ctx: AuthContext, scope: TenantScope, organizationId: number | null) {
    // A webhook of no organization receives every organization's alarms: shared settings.
    if (organizationId === null) {
      if (!can(ctx, 'shared.edit')) throw forbidden();
      return;
    }
    if (!holdsOrganization(scope, organizationId) || !(await repo.organizationExists(organizationId)))
      throw fieldError('organization_id', 'unknown_option');
  }

  async function checkUrl(url: string) {
    if (deps.allowPrivateWebhooks) return;
    if (!(await isPublicUrl(url))) throw fieldError('url', 'webhook_url_private');
  }

  async function visible(ctx: AuthContext, id: number) {
    const scope = requireScope(ctx, 'settings');
    const w = await repo.find(scope, id);
    if (!w) throw notFound();
    return { scope, w };
  }

  const entry = (ctx: AuthContext, w: { id: number; organizationId: number | null }, action: string) => ({
    ...auditActor(ctx),
    organizationId: w.organizationId,
    action,
    subjectType: 'webhook',
    subjectId: w.id,
  });

  async function reload(scope: TenantScope, id: number): Promise<Webhook> {
    const w = await repo.find(scope, id);
    if (!w) throw notFound();
    return toWebhook(w);
  }

  return {
    async list(ctx: AuthContext, q: { q?: string | undefined; page: number; per_page: number }) {
      const { rows, total } = await repo.page(requireScope(ctx, 'settings'), q);
      return { rows: rows.map(toWebhook), total };
    },

    async get(ctx: AuthContext, id: number): Promise<Webhook> {
      return toWebhook((await visible(ctx, id)).w);
    },

    /** Creates a webhook; the answer carries its signing secret, never shown again. */
    async create(ctx: AuthContext, body: WebhookBody): Promise<{ data: Webhook; secret: string }> {
      const scope = requireScope(ctx, 'settings');
      await checkOrganization(ctx, scope, body.organization_id);
      await checkUrl(body.url);
      const secret = newSecret();
      const id = await db.transaction(async (tx) => {
        const id = await createWebhooksRepo(tx).insert({
          organizationId: body.organization_id,
          name: body.name,
          url: body.url,
          kind: body.kind,
          events: body.events,
          secret,
          enabled: body.enabled,
          locale: body.locale ?? normalizeLocale(ctx.user.language),
          createdBy: ctx.user.id,
          at: now(),
        });
        await audit.record(
          { ...entry(ctx, { id, organizationId: body.organization_id }, 'webhook.create'), after: body },
          tx,
        );
        return id;
      });
      return { data: await reload(scope, id), secret };
    },

    async update(ctx: AuthContext, id: number, patch: WebhookPatch): Promise<Webhook> {
      const { scope, w } = await visible(ctx, id);
      if (patch.organization_id !== undefined) await checkOrganization(ctx, scope, patch.organization_id);
      if (patch.url !== undefined) await checkUrl(patch.url);
      const before = toWebhook(w);
      await db.transaction(async (tx) => {
        await createWebhooksRepo(tx).update(
          id,
          {
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.url !== undefined ? { url: patch.url } : {}),
            ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
            ...(patch.events !== undefined ? { events: patch.events } : {}),
            ...(patch.organization_id !== undefined ? { organizationId: patch.organization_id } : {}),
            ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
            ...(patch.locale !== undefined ? { locale: patch.locale } : {}),
          },
          now(),
        );
        const { updated_at: _u, last_delivery: _l, ...fields } = before;
        await audit.record({ ...entry(ctx, w, 'webhook.update'), before: fields, after: patch }, tx);
      });
      return reload(scope, id);
    },

    /**
     * Deletes the webhook with its delivery log: the log is about the receiver, nothing else refers
     * to it, and the audit log keeps who created and deleted it. (To stop it for a while and keep its
     * log, disable it.)
     */
    async remove(ctx: AuthContext, id: number): Promise<void> {
      const { w } = await visible(ctx, id);
      await db.transaction(async (tx) => {
        await createWebhooksRepo(tx).remove(id);
        await audit.record({ ...entry(ctx, w, 'webhook.delete'), before: { name: w.name, url: w.url } }, tx);
      });
    },

    async deliveries(ctx: AuthContext, id: number, q: { page: number; per_page: number }) {
      await visible(ctx, id);
      const { rows, attempts, total } = await repo.deliveries(id, q);
      return { rows: rows.map((d) => toDelivery(d, attempts)), total };
    },

    /** Sends a test message now, in the webhook's language. */
    async test(ctx: AuthContext, id: number): Promise<WebhookDelivery> {
      const { w } = await visible(ctx, id);
      const deliveryId = await sendWebhookTest(deps, { id: w.id, name: w.name, kind: w.kind, locale: w.locale });
      const found = await repo.delivery(deliveryId);
      if (!found) throw notFound();
      return toDelivery(found.row, found.attempts);
    },
  };
}

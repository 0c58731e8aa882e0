import type { ListMeta } from '@rcm/shared/pagination';
import type { Webhook, WebhookBody, WebhookDelivery, WebhookPatch } from '@rcm/shared/webhooks';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { webhookKeys } from './keys.ts';

/** A page of the webhooks the caller may see. */
export const webhooksQuery = (page = 1) =>
  queryOptions({
    queryKey: webhookKeys.list(page),
    queryFn: () => api<{ data: Webhook[]; meta: ListMeta }>(`settings/webhooks?page=${page}`),
    placeholderData: keepPreviousData,
  });

/** A page of one webhook's deliveries, newest first, each with its attempts. */
export const webhookDeliveriesQuery = (id: number, page = 1) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: () =>
      api<{ data: WebhookDelivery[]; meta: ListMeta }>(`settings/webhooks/${id}/deliveries?page=${page}&per_page=10`),
    placeholderData: keepPreviousData,
  });

/** Creates a webhook; the answer's `secret` is shown once. */
export function createWebhook(body: WebhookBody) {
  return api<{ data: Webhook; secret: string }>('settings/webhooks', { method: 'POST', body });
}

export function updateWebhook(id: number, body: WebhookPatch) {
  return api<{ data: Webhook }>(`settings/webhooks/${id}`, { method: 'PATCH', body }).then((r) => r.data);
}

/** Deletes the webhook and its delivery log. */
export function deleteWebhook(id: number) {
  return api<null>(`settings/webhooks/${id}`, { method: 'DELETE' });
}

/** Sends a test message now; the answer is the delivery with its first attempt. */
export function testWebhook(id: number) {
  return api<{ data: WebhookDelivery }>(`settings/webhooks/${id}/test`, { method: 'POST' }).then((r) => r.data);
}

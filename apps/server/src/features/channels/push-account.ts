import type { PushSubscriptionBody, PushSubscriptionView } from '@rcm/shared/channels';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/service.ts';
import { endpointAllowed, type PushSender } from './push.ts';
import type { PushRepo, PushSubscriptionRow } from './push-repo.ts';

const present = (s: PushSubscriptionRow): PushSubscriptionView => ({
  id: s.id,
  endpoint: s.endpoint,
  user_agent: s.userAgent,
  created_at: s.createdAt.toISOString(),
});

/** The caller's devices that receive pushes, and the key their browsers subscribe with. */
export function createPushAccount(deps: { repo: PushRepo; sender: PushSender; now: () => Date }) {
  const { repo, sender, now } = deps;
  return {
    async publicKey(): Promise<string> {
      return (await sender.keys()).publicKey;
    },
    async list(ctx: AuthContext): Promise<PushSubscriptionView[]> {
      return (await repo.list(ctx.user.id)).map(present);
    },
    /**
     * 422 when the endpoint points at a private or local address (unless WEBHOOK_ALLOW_PRIVATE); 409
     * when another person holds it: an endpoint is not proof of the device, so it never changes hands
     * (a browser shared by two people subscribes anew and gets an endpoint of its own).
     */
    async subscribe(
      ctx: AuthContext,
      body: PushSubscriptionBody,
      userAgent: string | null,
    ): Promise<PushSubscriptionView> {
      if (!(await endpointAllowed(body.endpoint, sender.allowPrivate)))
        throw new AppError(422, 'validation_failed', { fields: [{ field: 'endpoint', key: 'push_endpoint_private' }] });
      const row = await repo.save({
        userId: ctx.user.id,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
        at: now(),
      });
      if (!row) throw new AppError(409, 'push_endpoint_taken');
      return present(row);
    },
    async unsubscribe(ctx: AuthContext, endpoint: string): Promise<void> {
      if (!(await repo.removeByEndpoint(ctx.user.id, endpoint))) throw notFound();
    },
    async remove(ctx: AuthContext, id: number): Promise<void> {
      if (!(await repo.remove(ctx.user.id, id))) throw notFound();
    },
  };
}

export type PushAccount = ReturnType<typeof createPushAccount>;

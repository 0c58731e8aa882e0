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
    /** 422 when the endpoint points at a private or local address (unless WEBHOOK_ALLOW_PRIVATE). */
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

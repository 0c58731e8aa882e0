import { type Action, type ActionSubjects, type Actor, can as allows } from '@rcm/shared/policies';
import type { ScopeCaller } from './context.ts';

/** A request's caller (or a person acting without a session) as the shared policies see them. */
export function actorOf(ctx: ScopeCaller & { session?: { impersonatorSessionId: number | null } | null }): Actor {
  return {
    id: ctx.user.id,
    organizationId: ctx.user.organizationId,
    permissions: ctx.permissions,
    impersonating: !!ctx.session?.impersonatorSessionId,
  };
}

/**
 * Whether the caller may take the action (`@rcm/shared/policies`, the rules the web shows actions by).
 * Routes gate first with `needs(…)` and services scope reads with `scope.ts`; this answers the rest.
 */
export function can<A extends Action>(
  ctx: ScopeCaller & { session?: { impersonatorSessionId: number | null } | null },
  action: A,
  subject?: ActionSubjects[A],
): boolean {
  return allows(actorOf(ctx), action, subject);
}

import { permissionsBeyond as beyond } from '@rcm/shared/policies';
import { actorOf } from '../auth/can.ts';
import type { AuthContext } from '../auth/service.ts';

/** Permissions a role holds that the caller lacks: nobody may hand out more than they hold (`role.assign`). */
export function permissionsBeyond(ctx: AuthContext, permissions: readonly string[]): string[] {
  return beyond(actorOf(ctx), permissions);
}

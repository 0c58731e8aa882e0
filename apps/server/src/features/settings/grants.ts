import type { AuthContext } from '../auth/service.ts';

/** Permissions a role holds that the caller lacks: nobody may hand out more than they hold. */
export function permissionsBeyond(ctx: AuthContext, permissions: readonly string[]): string[] {
  return permissions.filter((p) => !ctx.permissions.has(p as never));
}

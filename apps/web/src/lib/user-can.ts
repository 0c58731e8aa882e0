import type { AuthUser } from '@rcm/shared/auth';
import { type Action, type ActionSubjects, type Actor, can } from '@rcm/shared/policies';

/**
 * Whether the signed-in user may take the action (on this subject, when given): the shared policies
 * the server enforces (`@rcm/shared/policies`), so the console offers exactly what the API allows.
 */
export function userCan<A extends Action>(user: AuthUser | null, action: A, subject?: ActionSubjects[A]): boolean {
  return can(actorOf(user), action, subject);
}

/** The signed-in user as the shared policies know an actor (null: nobody signed in). */
export function actorOf(user: AuthUser | null): Actor | null {
  return (
    user && {
      id: user.id,
      organizationId: user.organisation.id,
      permissions: user.permissions,
      impersonating: user.impersonating,
    }
  );
}

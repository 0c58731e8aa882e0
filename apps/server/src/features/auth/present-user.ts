import type { AuthUser } from '@rcm/shared/auth';
import { normalizeLocale } from '@rcm/shared/locale';
import type { AuthContext } from './context.ts';
import { emailMd5 } from './tokens.ts';

export type Avatars = 'gravatar' | 'initials';

/** The signed-in user as the API shows them (`GET /api/auth/user`, the sign-in answer). */
export function toAuthUser(ctx: AuthContext, avatars: Avatars): AuthUser {
  const { user } = ctx;
  const locale = normalizeLocale(user.language);
  const md5 = emailMd5(user.email);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_md5: md5,
    language: { iso6391: locale.slice(0, 2), locale },
    organisation: { id: user.organizationId, name: user.organizationName },
    team: user.teamId != null && user.teamName != null ? { id: user.teamId, name: user.teamName } : null,
    role: { id: user.roleId, name: user.roleName, color: user.roleColor },
    permissions: [...ctx.permissions],
    impersonating: ctx.session?.impersonatorSessionId != null,
    phone: user.phone,
    avatar_url: avatars === 'gravatar' ? `https://www.gravatar.com/avatar/${md5}?s=64&d=404` : null,
  };
}

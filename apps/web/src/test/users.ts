import type { AuthUser } from '@rcm/shared/auth';

/** A signed-in user for a test: Ana of organization 1, with no permission unless given. */
export function testUser(over: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 10,
    name: 'Ana',
    email: 'ana@example.com',
    email_md5: '',
    language: { iso6391: 'en', locale: 'en-US' },
    organisation: { id: 1, name: 'Acme' },
    team: null,
    role: { id: 2, name: 'Manager', color: '#000000' },
    permissions: [],
    impersonating: false,
    phone: '',
    avatar_url: null,
    ...over,
  };
}

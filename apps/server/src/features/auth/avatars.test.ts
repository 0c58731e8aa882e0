import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { currentUser } from '../../test/helpers.ts';

describe('avatars', () => {
  let initials: TestApp;
  let gravatar: TestApp;
  beforeAll(async () => {
    initials = await createTestApp();
    gravatar = await createTestApp({ AVATARS: 'gravatar' });
  });
  afterAll(async () => {
    await initials?.close();
    await gravatar?.close();
  });

  it('by default the browser is pointed at no third party: no image address, and the CSP allows none', async () => {
    const me = await currentUser(initials.app, await login(initials.app, 'admin@example.com'));
    expect(me.json().data.avatar_url).toBeNull();
    const csp = String(me.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).not.toContain('gravatar');
  });

  it('with AVATARS=gravatar the user carries a Gravatar address and the CSP allows that host', async () => {
    const me = await currentUser(gravatar.app, await login(gravatar.app, 'admin@example.com'));
    const { avatar_url, email_md5 } = me.json().data;
    expect(avatar_url).toBe(`https://www.gravatar.com/avatar/${email_md5}?s=64&d=404`);
    expect(String(me.headers['content-security-policy'])).toContain("img-src 'self' data: https://www.gravatar.com");
  });
});

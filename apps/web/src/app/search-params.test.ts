import { describe, expect, it } from 'vitest';
import { loginSearch, safeRedirect, ssoCompleteSearch } from './search-params.ts';

describe('where sign-in returns to', () => {
  it('a page of this site', () => {
    expect(safeRedirect('/controllers?status=online')).toBe('/controllers?status=online');
    expect(safeRedirect('/')).toBe('/');
    expect(safeRedirect('https://evil.example/')).toBeUndefined();
    expect(safeRedirect('//evil.example/')).toBeUndefined();
  });

  it('never a page for those signed out, which a signed-in user cannot open: the dashboard instead', () => {
    for (const path of [
      '/login',
      '/login?x=1',
      '/user/login',
      '/user/login?redirect=%2F',
      '/setup',
      '/user/invitation/abc',
    ]) {
      expect(loginSearch({ redirect: path }).redirect, path).toBeUndefined();
    }
    expect(safeRedirect('/logins')).toBe('/logins');
  });
});

describe('where single sign-on completes', () => {
  it('keeps a console path to return to and a code-like error, nothing else', () => {
    expect(ssoCompleteSearch({ return_to: '/alarms?status=active' })).toEqual({ return_to: '/alarms?status=active' });
    expect(ssoCompleteSearch({ return_to: '//evil.example', error: 'sso_not_completed' })).toEqual({
      return_to: undefined,
      error: 'sso_not_completed',
    });
    expect(ssoCompleteSearch({ return_to: '/user/login', error: '<script>' })).toEqual({
      return_to: undefined,
      error: undefined,
    });
  });
});

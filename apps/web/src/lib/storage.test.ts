import { afterEach, describe, expect, it, vi } from 'vitest';
import { getItem, readCookie, removeItem, setItem } from './storage.ts';

afterEach(() => {
  vi.restoreAllMocks();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});

describe('client storage', () => {
  it('reads browser storage before the cookie', () => {
    document.cookie = 'k=from-cookie; Path=/';
    expect(getItem('k')).toBe('from-cookie');
    localStorage.setItem('k', 'from-storage');
    expect(getItem('k')).toBe('from-storage');
  });

  it('keeps a session-only value in sessionStorage and a lasting one in localStorage', () => {
    setItem('token', 'a', { session: true });
    expect(sessionStorage.getItem('token')).toBe('a');
    expect(localStorage.getItem('token')).toBeNull();
    setItem('token', 'b');
    expect(localStorage.getItem('token')).toBe('b');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(getItem('token')).toBe('b');
  });

  it('falls back to a cookie when browser storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value.replace('; Secure; SameSite=None', ''));
    });
    setItem('locale', 'es-MX');
    expect(writes[0]).toBe(`locale=es-MX; Max-Age=${14 * 24 * 3600}; Path=/; Secure; SameSite=None`);
    expect(readCookie('locale')).toBe('es-MX');
    expect(getItem('locale')).toBe('es-MX');
    removeItem('locale');
    expect(writes.at(-1)).toBe('locale=; Max-Age=0; Path=/; Secure; SameSite=None');
  });

  it('reads the cookie store once per task for keys missing from browser storage', async () => {
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    const reads = vi.spyOn(document, 'cookie', 'get').mockImplementation(() => descriptor?.get?.call(document));
    document.cookie = 'theme=dark; Path=/';
    expect(getItem('theme')).toBe('dark');
    expect(getItem('auth_token_impersonate')).toBeNull();
    expect(getItem('locale')).toBeNull();
    expect(reads).toHaveBeenCalledTimes(1);
    // A later task sees what changed meanwhile.
    await Promise.resolve();
    document.cookie = 'theme=light; Path=/';
    expect(getItem('theme')).toBe('light');
    expect(reads).toHaveBeenCalledTimes(2);
  });
});

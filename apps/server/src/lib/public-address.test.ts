import { describe, expect, it } from 'vitest';
import { isPrivateAddress, isPublicUrl } from './public-address.ts';

describe('public addresses (webhooks, push endpoints)', () => {
  it('knows loopback, private, link-local and mapped addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.40',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fc00::1',
      '10.0.0.1',
      '::ffff:10.0.0.1',
      '198.18.0.1',
      '224.0.0.1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '142.250.72.14', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses IPv6 forms that carry a private IPv4 address, and the IPv4-compatible block whole', () => {
    for (const a of [
      // IPv4-compatible (::/96), as a URL writes it and dotted; a public IPv4 inside included.
      '::7f00:1',
      '::127.0.0.1',
      '::a00:1',
      '::808:808',
      '::1:2',
      // IPv4-mapped (::ffff:0:0/96), hex form.
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      // NAT64 (64:ff9b::/96) with a private IPv4 inside, and the local-use NAT64 prefix.
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::808:808',
      // 6to4 with a private (and a public) IPv4 inside, Teredo.
      '2002:7f00:1::1',
      '2002:a00:1::1',
      '2002:808:808::1',
      '2001::1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
  });

  it('judges a URL by every address its host resolves to', async () => {
    expect(await isPublicUrl('https://127.0.0.1:8443/push')).toBe(false);
    expect(await isPublicUrl('https://[::1]/push')).toBe(false);
    expect(await isPublicUrl('http://[::127.0.0.1]/hook')).toBe(false);
    expect(await isPublicUrl('http://[::ffff:7f00:1]/hook')).toBe(false);
    expect(await isPublicUrl('http://[64:ff9b::127.0.0.1]/hook')).toBe(false);
    expect(await isPublicUrl('https://localhost/push')).toBe(false);
    expect(await isPublicUrl('https://8.8.8.8/push')).toBe(true);
    expect(await isPublicUrl('not a url')).toBe(false);
  });
});

describe('guarded requests (send time)', () => {
  it('refuses to connect to a name that resolves to loopback, and to a private literal, before sending anything', async () => {
    const { createServer } = await import('node:http');
    const { postGuarded, PrivateAddressError } = await import('./public-address.ts');
    let received = 0;
    const server = createServer((_req, res) => {
      received++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const send = (url: string, allowPrivate: boolean) =>
        postGuarded(url, { headers: {}, body: '{}', timeoutMs: 5000, allowPrivate });
      // Allowed: it arrives, and its keep-alive socket must not let the next, guarded request skip the check.
      expect((await send(`http://localhost:${port}/`, true)).status).toBe(200);
      await expect(send(`http://localhost:${port}/`, false)).rejects.toBeInstanceOf(PrivateAddressError);
      await expect(send(`http://127.0.0.1:${port}/`, false)).rejects.toBeInstanceOf(PrivateAddressError);
      await expect(send(`http://[::ffff:127.0.0.1]:${port}/`, false)).rejects.toBeInstanceOf(PrivateAddressError);
      await expect(send(`http://[::127.0.0.1]:${port}/`, false)).rejects.toBeInstanceOf(PrivateAddressError);
      expect(received).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

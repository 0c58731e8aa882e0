import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mosquittoAcl, mosquittoPasswordLine } from './mosquitto-auth.ts';

describe('Mosquitto password and ACL files', () => {
  it('writes mosquitto_passwd-format PBKDF2-SHA512 lines that verify the password and nothing else', () => {
    const line = mosquittoPasswordLine('025243001000', 'device-key-1');
    const match = /^025243001000:\$7\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(line);
    expect(match).not.toBeNull();
    const [, iterations, salt, hash] = match as RegExpExecArray;
    const derive = (password: string) =>
      pbkdf2Sync(password, Buffer.from(salt as string, 'base64'), Number(iterations), 64, 'sha512').toString('base64');
    expect(derive('device-key-1')).toBe(hash);
    expect(derive('device-key-2')).not.toBe(hash);
    // A fresh salt every time.
    expect(mosquittoPasswordLine('025243001000', 'device-key-1')).not.toBe(line);
    expect(() => mosquittoPasswordLine('02:52:43:00:10:00', 'x')).toThrow();
  });

  it('lets each controller write only under its own MAC and the server read them all', () => {
    const acl = mosquittoAcl({ macs: ['02:52:43:00:10:00', '02:52:43:00:10:01'] });
    expect(acl).toContain('user rcm-server\ntopic read rcm/v1/#\n');
    // The server account writes nothing but the safety net's marker (no device topic).
    expect(acl).toContain('topic readwrite rcm/ops/safety-net/#\n');
    // And reads the broker's counters (what it dropped).
    expect(acl).toContain('topic read $SYS/broker/#\n');
    expect(acl).toContain('user 025243001000\ntopic write rcm/v1/025243001000/+\n');
    expect(acl).toContain('user 025243001001\ntopic write rcm/v1/025243001001/+\n');
    expect(acl).not.toMatch(/topic (write|readwrite) rcm\/v1\/#/);
  });

  it("lets a store gateway also write its children's topics under its own MAC, and nothing more", () => {
    const acl = mosquittoAcl({ macs: ['02:47:00:00:00:01', '02:52:43:00:10:00'], gateways: ['02:47:00:00:00:01'] });
    expect(acl).toContain(
      'user 024700000001\ntopic write rcm/v1/024700000001/+\ntopic write rcm/v1/024700000001/dev/+/+\n',
    );
    expect(acl).toContain('user 025243001000\ntopic write rcm/v1/025243001000/+\n');
    expect(acl).not.toContain('rcm/v1/025243001000/dev');
  });
});

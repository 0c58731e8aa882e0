import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { expect } from 'vitest';
import { call, reauth } from './mfa.ts';

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | Buffer | string) => createHash('sha256').update(b).digest();

/**
 * A software authenticator for API tests: one passkey (a node:crypto P-256 key) that answers
 * registration options with an attestation of format "none" and authentication options with an
 * assertion signed by its key, as a browser would hand them to the server.
 */
export function softAuthenticator(origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let counter = 0;

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  const authData = (rpId: string, flags: number, extra: Buffer = Buffer.alloc(0)) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  };

  /** The credential as the browser hands it over, around its response. */
  const credential = <R>(response: R) => ({
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: 'public-key',
    clientExtensionResults: {},
    response,
  });

  function coseKey(key: KeyObject) {
    const jwk = key.export({ format: 'jwk' });
    const map = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]);
    return Buffer.from(isoCBOR.encode(map));
  }

  return {
    credentialId: b64url(credentialId),
    /** The attestation answering registration options (`challenge`, `rp.id`). */
    register(options: { challenge: string; rp: { id: string } }) {
      counter = 0;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey(publicKey)]);
      // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
      const data = authData(options.rp.id, 0x45, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]) as never,
      );
      return credential({
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      });
    },
    /** The assertion answering authentication options; `counter` overrides the signature counter (a replay). */
    assert(options: { challenge: string; rpId: string }, opts: { counter?: number } = {}) {
      counter = opts.counter ?? counter + 1;
      const data = authData(options.rpId, 0x05);
      const client = clientData('webauthn.get', options.challenge);
      const signer = createSign('SHA256');
      signer.update(Buffer.concat([data, sha256(client)]));
      return credential({
        clientDataJSON: b64url(client),
        authenticatorData: b64url(data),
        signature: b64url(signer.sign(privateKey)),
        userHandle: null,
      });
    },
  };
}

/** Registers the authenticator's passkey for the person signed in with `token` (in the `test/mfa.ts` app): the answer's data. */
export async function register(token: string, key: ReturnType<typeof softAuthenticator>) {
  const options = await call('POST', '/api/account/mfa/webauthn/options', token);
  expect(options.statusCode, options.body).toBe(200);
  const res = await call('POST', '/api/account/mfa/webauthn', token, {
    response: key.register(options.json().data),
    label: 'Laptop',
    reauth_token: await reauth(token),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The options of a passwordless sign-in with a passkey. */
export async function passwordlessOptions() {
  const res = await call('POST', '/api/auth/passkey/options', null, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

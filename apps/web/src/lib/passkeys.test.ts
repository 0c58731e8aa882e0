import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { passkeyFailure } from './passkeys.ts';

const t = (key: string) => `<${key}>`;
const domError = (name: string) => Object.assign(new Error(name), { name });

describe('passkeyFailure', () => {
  it('says a closed or timed-out prompt calmly, whether the library wrapped the browser’s error or not', () => {
    expect(passkeyFailure(domError('NotAllowedError'), t)).toBe('<mfa.passkey.canceled>');
    const wrapped = new WebAuthnError({
      message: 'The operation either timed out or was not allowed.',
      code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
      cause: domError('NotAllowedError'),
    });
    expect(passkeyFailure(wrapped, t)).toBe('<mfa.passkey.canceled>');
  });

  it('tells a device that already holds a passkey, a browser without WebAuthn and other ceremony failures apart', () => {
    expect(passkeyFailure(domError('InvalidStateError'), t)).toBe('<mfa.passkey.registered>');
    expect(passkeyFailure(new Error('WebAuthn is not supported in this browser'), t)).toBe('<mfa.passkey.unsupported>');
    const general = new WebAuthnError({
      message: 'The authenticator was unable to process the specified options',
      code: 'ERROR_AUTHENTICATOR_GENERAL_ERROR',
      cause: domError('UnknownError'),
    });
    expect(passkeyFailure(general, t)).toBe('<mfa.passkey.failed>');
  });

  it('shows the server’s answer with its field messages, and a network failure as one', () => {
    const refused = new ApiError(422, 'validation_failed', 'Some fields are not valid.', [
      { field: 'response', message: 'This passkey could not be verified.' },
    ]);
    expect(passkeyFailure(refused, t)).toBe('Some fields are not valid. This passkey could not be verified.');
    expect(passkeyFailure(new ApiError(0, 'network', 'offline'), t)).toBe('<errors.network>');
  });
});

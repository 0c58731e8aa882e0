import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { cloneUser, currentUser, headers, userByEmail } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(() => t?.close());

type AccountBody = {
  name: string;
  email: string;
  language: string;
  current_password?: string;
  new_password?: string;
};

const patch = (token: string, payload: Partial<AccountBody> | Record<string, unknown>, locale?: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/account', headers: headers(token, locale), payload });

const tryLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** Each test works on its own copy of the technician so changes do not leak between tests. */
async function freshUser(email: string) {
  const user = await cloneUser(t.database, 'technician@example.com', email, 'Original Name');
  const token = await login(t.app, email);
  const body: AccountBody = { name: user.name, email: user.email, language: 'en-US' };
  return { user, token, body };
}

describe('PATCH /api/account', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      payload: { name: 'X', email: 'x@example.com', language: 'en-US' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('changes the name and language', async () => {
    const { token, body } = await freshUser('rename@example.com');
    const res = await patch(token, { ...body, name: '  Renée Renamed ', language: 'es-MX' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Renée Renamed', language: { iso6391: 'es', locale: 'es-MX' } });
    const me = (await currentUser(t.app, token)).json().data;
    expect(me).toMatchObject({ name: 'Renée Renamed', email: 'rename@example.com', language: { locale: 'es-MX' } });
    expect((await userByEmail(t.database, 'rename@example.com')).language).toBe('es-MX');
  });

  it('sets the phone in E.164 form, keeps it when absent, refuses a number without a country code', async () => {
    const { token, body } = await freshUser('phone@example.com');
    const res = await patch(token, { ...body, phone: '+1 (312) 555-0100' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.phone).toBe('+13125550100');
    expect((await patch(token, body)).json().data.phone).toBe('+13125550100');
    const bad = await patch(token, { ...body, phone: '555-0100' }, 'es-MX');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.fields).toEqual([
      { field: 'phone', message: 'Ingresa el número con su código de país, p. ej. +52 55 1234 5678.' },
    ]);
    expect((await userByEmail(t.database, 'phone@example.com')).phone).toBe('+13125550100');
  });

  it('changes the email to a free address', async () => {
    const { token, body } = await freshUser('old.address@example.com');
    const res = await patch(token, { ...body, email: 'New.Address@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('new.address@example.com');
    expect((await tryLogin('new.address@example.com', 'demo1234')).statusCode).toBe(200);
    expect((await tryLogin('old.address@example.com', 'demo1234')).statusCode).toBe(422);
  });

  it('refuses a new password with a wrong current password and keeps the old one', async () => {
    const { user, token, body } = await freshUser('wrongpw@example.com');
    const res = await patch(token, {
      ...body,
      name: 'Changed',
      current_password: 'not-it',
      new_password: 'brand-new-1',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'wrong_password',
      message: 'The current password is incorrect.',
      details: { fields: [{ field: 'current_password', message: 'The current password is incorrect.' }] },
    });
    const es = await patch(token, { ...body, current_password: 'not-it', new_password: 'brand-new-1' }, 'es-MX');
    expect(es.json().error.message).toBe('La contraseña actual es incorrecta.');

    const stored = await userByEmail(t.database, user.email);
    expect(stored.passwordHash).toBe(user.passwordHash);
    expect(stored.name).toBe('Original Name');
    expect((await tryLogin(user.email, 'demo1234')).statusCode).toBe(200);
    expect((await tryLogin(user.email, 'brand-new-1')).statusCode).toBe(422);
    expect((await currentUser(t.app, token)).statusCode).toBe(200);
  });

  it('sets a new password, ending the other sessions but not the current one', async () => {
    const { user, token, body } = await freshUser('newpw@example.com');
    const otherSession = await login(t.app, user.email);
    const othersSession = await login(t.app, 'technician@example.com');
    const res = await patch(token, { ...body, current_password: 'demo1234', new_password: 'brand-new-1' });
    expect(res.statusCode).toBe(200);
    expect((await currentUser(t.app, token)).statusCode).toBe(200);
    expect((await currentUser(t.app, otherSession)).statusCode).toBe(401);
    expect((await currentUser(t.app, othersSession)).statusCode).toBe(200);
    expect((await tryLogin(user.email, 'brand-new-1')).statusCode).toBe(200);
    expect((await tryLogin(user.email, 'demo1234')).statusCode).toBe(422);
  });

  it("refuses another user's email with 409 and changes nothing", async () => {
    const { user, token, body } = await freshUser('taken@example.com');
    const res = await patch(token, {
      ...body,
      name: 'Should Not Stick',
      email: 'MANAGER@example.com',
      language: 'es-MX',
      current_password: 'demo1234',
      new_password: 'brand-new-1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'conflict', details: { fields: [{ field: 'email' }] } });
    expect(await userByEmail(t.database, user.email)).toEqual(user);
    expect((await userByEmail(t.database, 'manager@example.com')).name).toBe('María Manager');
    expect((await tryLogin(user.email, 'demo1234')).statusCode).toBe(200);
  });

  it('localizes validation errors and changes nothing', async () => {
    const { user, token, body } = await freshUser('invalid@example.com');
    const bad = { name: '', email: 'nope', language: 'fr-FR' };
    const en = await patch(token, bad, 'en-US');
    const es = await patch(token, bad, 'es-MX');
    expect(en.statusCode).toBe(422);
    expect(es.statusCode).toBe(422);
    expect(en.json().error.message).toBe('Some fields are not valid.');
    expect(en.json().error.details.fields).toEqual([
      { field: 'name', message: 'This field is required.' },
      { field: 'email', message: 'Enter a valid email address.' },
      { field: 'language', message: 'This value is not allowed.' },
    ]);
    expect(es.json().error.details.fields).toEqual([
      { field: 'name', message: 'Este campo es obligatorio.' },
      { field: 'email', message: 'Ingresa un correo electrónico válido.' },
      { field: 'language', message: 'Este valor no está permitido.' },
    ]);

    const short = await patch(token, { ...body, current_password: 'demo1234', new_password: 'short' }, 'es-MX');
    expect(short.json().error.details.fields).toEqual([
      { field: 'new_password', message: 'Debe tener al menos 8 caracteres.' },
    ]);
    const noCurrent = await patch(token, { ...body, new_password: 'long-enough-1' });
    expect(noCurrent.statusCode).toBe(422);
    expect(noCurrent.json().error.details.fields).toEqual([
      { field: 'current_password', message: 'Enter your current password to set a new one.' },
    ]);
    const missing = await patch(token, { name: 'Only Name' }, 'es-MX');
    const fields = missing.json().error.details.fields;
    expect(fields.map((f: { field: string }) => f.field)).toEqual(['email', 'language']);
    expect(fields[0].message).toBe('Este campo es obligatorio.');
    expect(await userByEmail(t.database, user.email)).toEqual(user);
  });
});

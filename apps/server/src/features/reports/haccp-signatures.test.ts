import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { haccpEntries } from '../../db/schema-haccp.ts';
import { emailMessages } from '../../db/schema-notifications.ts';
import { rackPoints, readingsHourly } from '../../db/schema-readings.ts';
import { addOutsider } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { advance, callApi, rowCount, userByEmail } from '../../test/helpers.ts';
import { readPdf } from '../../test/pdf.ts';
import { openReportsApp, type ReportsApp } from '../../test/reports.ts';

/**
 * HACCP signatures: a sign-off is signed with a meaning and a fresh re-authentication made for a
 * signature, by the signer's own session; the entry carries the signature (name and role as they
 * were, time, zone, meaning, method, the SHA-256 of the signed record), which the verify route checks
 * against the row as it is. Three failed signing re-authentications within 15 minutes alert the
 * organization's administrators. FreshMart #101 keeps Chicago time; the clock is 2026-06-01 12:00 UTC.
 */
describe('reports API: HACCP signatures', () => {
  let r: ReportsApp;
  let locationId: number;
  let organizationId: number;
  let outsider: string;
  let admin: string;
  const day = { from: '2026-05-25', to: '2026-05-25' };
  const api = (method: 'GET' | 'POST', token: string, url: string, body?: unknown, locale?: string) =>
    callApi(r.t.app, method, token, url, body, locale);
  const proof = async (token: string, body: Record<string, unknown> = { purpose: 'signature' }) => {
    const res = await api('POST', token, 'auth/reauth', { password: 'demo1234', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as unknown as { reauth_token: string }).reauth_token;
  };
  const sign = (token: string, body: Record<string, unknown>) =>
    api('POST', token, 'reports/haccp/sign-offs', { location_id: locationId, ...day, ...body });
  const codeOf = (res: { body: unknown }) => (res.body as { error?: { code?: string } }).error?.code;

  beforeAll(async () => {
    r = await openReportsApp({ LOGIN_RATE_LIMIT: '1000' });
    locationId = r.fresh.loc;
    organizationId = r.fresh.org;
    await addOutsider(r.db, 'outsider-signatures@example.com');
    outsider = await login(r.t.app, 'outsider-signatures@example.com');
    admin = await login(r.t.app, 'admin@example.com');
    // A case logged every hour of the signed day (local 2026-05-25 in Chicago: from 05:00 UTC), never above 41 °F.
    await r.db.insert(rackPoints).values({
      controllerId: r.fresh.id,
      addr: 'A.CASE1',
      rackRef: 'A',
      name: 'Case 1 Temperature',
      unit: '°F',
      status: 'ok',
      value: 38,
      updatedAt: r.t.clock.now,
    });
    await r.db.insert(readingsHourly).values(
      Array.from({ length: 24 }, (_, h) => ({
        controllerId: r.fresh.id,
        key: 'A.CASE1',
        bucket: new Date(Date.parse('2026-05-25T05:00:00Z') + h * 3_600_000),
        min: 37,
        max: 38,
        sum: 38 * 4,
        count: 4,
      })),
    );
  });
  afterAll(async () => {
    await r?.t.close();
  });

  it('needs a fresh re-authentication made for a signature: missing, reused, expired or for anything else is 401 reauth_required', async () => {
    const before = await rowCount(r.t.database, haccpEntries);
    const missing = await sign(r.manager, { meaning: 'reviewed' });
    expect(missing.status).toBe(401);
    expect(codeOf(missing)).toBe('reauth_required');

    const once = await proof(r.manager);
    expect((await sign(r.manager, { meaning: 'reviewed', reauth_token: once })).status).toBe(201);
    const reused = await sign(r.manager, { meaning: 'reviewed', reauth_token: once });
    expect(reused.status).toBe(401);
    expect(codeOf(reused)).toBe('reauth_required');

    // A proof made for another change (no purpose) is not a signature's; nor is one two minutes old.
    const other = await sign(r.manager, { meaning: 'reviewed', reauth_token: await proof(r.manager, {}) });
    expect(codeOf(other)).toBe('reauth_required');
    const old = await proof(r.manager);
    advance(r.t.clock, 2 * 60_000 + 1);
    const expired = await sign(r.manager, { meaning: 'reviewed', reauth_token: old });
    expect(expired.status).toBe(401);
    expect(codeOf(expired)).toBe('reauth_required');
    r.t.clock.now = new Date('2026-06-01T12:00:00Z');
    // And a signature's proof serves no other sensitive change (an integration token's creation).
    const token = await api('POST', admin, 'settings/api-tokens', {
      name: 'x',
      organization_id: null,
      permissions: ['reports_view'],
      location_ids: null,
      expires_at: '2026-07-01T00:00:00Z',
      reauth_token: await proof(admin),
    });
    expect(codeOf(token)).toBe('reauth_required');
    expect(await rowCount(r.t.database, haccpEntries)).toBe(before + 1);
  });

  it('a validation failure leaves the proof unspent; the meaning is required', async () => {
    const token = await proof(r.manager);
    const noMeaning = await sign(r.manager, { reauth_token: token });
    expect(noMeaning.status).toBe(422);
    expect(JSON.stringify(noMeaning.body)).toContain('meaning');
    expect((await sign(r.manager, { meaning: 'maybe', reauth_token: token })).status).toBe(422);
    expect((await sign(r.manager, { meaning: 'approved', reauth_token: token })).status).toBe(201);
  });

  it('is refused under impersonation (403 impersonation_cannot_sign) and to an integration token (403 token_cannot_sign), before validation', async () => {
    const manager = await userByEmail(r.t.database, 'manager@example.com');
    const as = await r.t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: { authorization: `Bearer ${admin}` },
      payload: { user_id: manager.id },
    });
    expect(as.statusCode).toBe(200);
    const impersonated = String(as.headers.authorization).replace(/^Bearer /, '');
    for (const body of [{}, { location_id: locationId, ...day, meaning: 'reviewed', reauth_token: 'x' }]) {
      const refused = await api('POST', impersonated, 'reports/haccp/sign-offs', body);
      expect(refused.status).toBe(403);
      expect(codeOf(refused)).toBe('impersonation_cannot_sign');
    }

    const created = await api('POST', admin, 'settings/api-tokens', {
      name: 'HACCP robot',
      organization_id: null,
      permissions: ['reports_view', 'haccp_sign'],
      location_ids: null,
      expires_at: '2026-07-01T00:00:00Z',
      reauth_token: await proof(admin, {}),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const rcm = (created.body as unknown as { token: string }).token;
    for (const body of [{}, { location_id: locationId, ...day, meaning: 'reviewed', reauth_token: 'x' }]) {
      const refused = await api('POST', rcm, 'reports/haccp/sign-offs', body);
      expect(refused.status).toBe(403);
      expect(codeOf(refused)).toBe('token_cannot_sign');
    }
  });

  it('answers the signature: signer (name and role as at signing), time, zone, meaning, method, the record’s SHA-256', async () => {
    const manager = await userByEmail(r.t.database, 'manager@example.com');
    const res = await sign(r.manager, {
      meaning: 'verified',
      text: 'Checked every case.',
      reauth_token: await proof(r.manager),
    });
    expect(res.status).toBe(201);
    const entry = res.body.data as unknown as { id: number; signature: Record<string, unknown> };
    expect(entry.signature).toEqual({
      signer: { id: manager.id, name: 'María Manager', role: 'Store Manager' },
      signed_at: '2026-06-01T12:00:00.000Z',
      time_zone: 'America/Chicago',
      meaning: 'verified',
      method: 'password',
      record_hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    // The hash is of the canonical JSON (keys in order, no spaces) of the signed content.
    const canonical =
      `{"corrects_id":null,"excursions":{"total":0,"without_action":0},"from":"2026-05-25","kind":"sign_off",` +
      `"location_id":${locationId},"meaning":"verified","method":"password","note":"Checked every case.",` +
      `"organization_id":${organizationId},"signed_at":"2026-06-01T12:00:00.000Z",` +
      `"signer":{"id":${manager.id},"name":"María Manager","role":"Store Manager"},"time_zone":"America/Chicago","to":"2026-05-25"}`;
    expect(entry.signature.record_hash).toBe(`sha256:${createHash('sha256').update(canonical).digest('hex')}`);
    // Audited with the signature.
    const [audited] = await r.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'haccp_entry.create'), eq(auditLog.subjectId, String(entry.id))));
    expect(audited?.after).toMatchObject({ meaning: 'verified', signature: entry.signature });
    expect(JSON.stringify(audited?.after)).not.toContain('reauth_token');

    // The name stays as it was when signed, whatever the account is called later.
    await r.db.execute(sql`update users set name = 'María M. Manager' where id = ${manager.id}`);
    const read = await api('GET', r.manager, `reports/haccp/entries/${entry.id}`);
    expect((read.body.data as unknown as { signature: unknown }).signature).toEqual(entry.signature);
    await r.db.execute(sql`update users set name = 'María Manager' where id = ${manager.id}`);
  });

  it('verifies a signature against the row; a row changed in SQL no longer matches; another organization gets 404', async () => {
    const res = await sign(r.manager, { meaning: 'reviewed', reauth_token: await proof(r.manager) });
    const { id, signature } = res.body.data as unknown as { id: number; signature: { record_hash: string } };
    const ok = await api('GET', r.manager, `reports/haccp/sign-offs/${id}/verify`);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({
      valid: true,
      record_hash: signature.record_hash,
      recomputed_hash: signature.record_hash,
    });
    expect((await api('GET', outsider, `reports/haccp/sign-offs/${id}/verify`)).status).toBe(404);

    await r.db.execute(sql`update haccp_entries set excursions_without_action = 0, excursions = 0, text = 'All fine'
      where id = ${id}`);
    const tampered = await api('GET', r.manager, `reports/haccp/sign-offs/${id}/verify`);
    expect(tampered.body.data).toMatchObject({ valid: false, record_hash: signature.record_hash });
    expect((tampered.body.data as unknown as { recomputed_hash: string }).recomputed_hash).not.toBe(
      signature.record_hash,
    );

    // The signature's own facts are covered too: a meaning rewritten in the column is caught.
    const second = await sign(r.manager, { meaning: 'reviewed', reauth_token: await proof(r.manager) });
    const secondId = (second.body.data as unknown as { id: number }).id;
    await r.db.execute(
      sql`update haccp_entries set signature = jsonb_set(signature, '{meaning}', '"approved"') where id = ${secondId}`,
    );
    expect((await api('GET', r.manager, `reports/haccp/sign-offs/${secondId}/verify`)).body.data).toMatchObject({
      valid: false,
    });
  });

  it('a sign-off from before signatures answers signature null, and has nothing to verify (404)', async () => {
    const res = await sign(r.manager, { meaning: 'reviewed', reauth_token: await proof(r.manager) });
    const { id } = res.body.data as unknown as { id: number };
    await r.db.execute(sql`update haccp_entries set signature = null where id = ${id}`);
    const read = await api('GET', r.manager, `reports/haccp/entries/${id}`);
    expect((read.body.data as unknown as { signature: unknown }).signature).toBeNull();
    expect((await api('GET', r.manager, `reports/haccp/sign-offs/${id}/verify`)).status).toBe(404);
  });

  it('prints the signature in the CSV and the PDF (meaning, role, method, time with zone, hash)', async () => {
    const query = `from=2026-05-25&to=2026-05-25&location_id=${locationId}`;
    const csv = await r.get(`/api/reports/haccp?${query}&format=csv&lang=en-US`, r.manager);
    expect(csv.statusCode).toBe(200);
    // Each row carries the sign-off in force over its day: the latest one signed (the alert test's comes later).
    const [header, row] = csv.body.split('\r\n');
    expect(header).toContain('Signed by,Signer role,Meaning,Signed at,Re-authentication,Record hash');
    expect(row).toMatch(
      /María Manager,Store Manager,(Reviewed|Approved|Verified),2026-06-01T07:00:00-05:00,Password,sha256:[0-9a-f]{64}/,
    );
    const pdf = await r.get(`/api/reports/haccp?${query}&format=pdf&lang=en-US`, r.manager);
    const text = (await readPdf(pdf.rawPayload)).pages.join('\n').replace(/\s+/g, ' ');
    expect(text).toMatch(/Verified · Store Manager · Password · sha256:[0-9a-f]{16}…/);
    // The one whose signature was cleared in SQL prints as signed before signatures.
    expect(text).toContain('No electronic signature');
    const es = await r.get(`/api/reports/haccp?${query}&format=pdf&lang=es-MX`, r.manager);
    const spanish = (await readPdf(es.rawPayload)).pages.join('\n').replace(/\s+/g, ' ');
    expect(spanish).toContain('Verificado');
    expect(spanish).toContain('Contraseña');
  });

  it('three failed signing re-authentications within 15 minutes alert the organization’s administrators, once, audited', async () => {
    const manager = await userByEmail(r.t.database, 'manager@example.com');
    const wrong = (body: Record<string, unknown> = { purpose: 'signature' }) =>
      api('POST', r.manager, 'auth/reauth', { password: 'not-my-password', ...body });
    const alerts = () => r.db.select().from(emailMessages).where(eq(emailMessages.kind, 'signing_alert'));
    r.t.clock.now = new Date('2026-06-01T13:00:00Z');

    // Two wrong passwords, then a quarter of an hour passes: the count starts again.
    expect((await wrong()).status).toBe(422);
    advance(r.t.clock, 60_000);
    expect((await wrong()).status).toBe(422);
    advance(r.t.clock, 15 * 60_000);
    expect((await wrong()).status).toBe(422);
    // Failures of a re-authentication for anything else are not a signature's.
    expect((await wrong({})).status).toBe(422);
    expect(await alerts()).toEqual([]);

    advance(r.t.clock, 60_000);
    expect((await wrong()).status).toBe(422);
    advance(r.t.clock, 60_000);
    const third = await wrong();
    expect(third.status).toBe(422);
    expect(codeOf(third)).toBe('wrong_password');
    const sent = await alerts();
    // Alex Admin manages every organization's users; the manager herself does not manage users.
    expect(sent.map((m) => m.toAddress)).toEqual(['admin@example.com']);
    expect(sent[0]?.subject).toBe('Failed signature confirmations');
    expect(sent[0]?.text).toContain('María Manager (manager@example.com)');
    expect(sent[0]?.text).toContain('3 times within 15 minutes');
    expect(sent[0]?.text).toContain('/settings/audit-log');

    // A fourth in the same burst sends nothing more.
    expect((await wrong()).status).toBe(422);
    expect(await alerts()).toHaveLength(1);

    const entries = await r.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(manager.id))));
    expect(entries.filter((e) => e.action === 'auth.reauth_failed')).toHaveLength(6);
    const alert = entries.filter((e) => e.action === 'auth.signing_alert');
    expect(alert).toHaveLength(1);
    expect(alert[0]).toMatchObject({ organizationId: organizationId, actorUserId: manager.id });
    expect(alert[0]?.after).toMatchObject({ failures: 3, minutes: 15 });
    // And the manager still signs with her right password afterwards.
    expect((await sign(r.manager, { meaning: 'reviewed', reauth_token: await proof(r.manager) })).status).toBe(201);
  });
});

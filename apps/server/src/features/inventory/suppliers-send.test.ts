import type { PurchaseOrderDetail } from '@rcm/shared/inventory';
import type { SupplierRecord } from '@rcm/shared/suppliers';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { emailAttachments, emailMessages } from '../../db/schema-notifications.ts';
import { login } from '../../test/app.ts';
import { type ApiCallArgs, callApi, headers } from '../../test/helpers.ts';
import { t, tok, useInventoryApp } from '../../test/inventory.ts';
import { deliverDue } from '../mail/delivery.ts';
import type { MailToSend } from '../mail/transport.ts';

let fmLocation = 0;
let fmItem = 0;

const call = (...args: ApiCallArgs) => callApi(t.app, ...args);

const suppliers = async (query = '') =>
  (await call('GET', tok.fmEditor, `inventory/suppliers${query}`)).body.data as unknown as SupplierRecord[];

async function draft(supplierId?: number): Promise<number> {
  const res = await call('POST', tok.fmEditor, 'purchase-orders', {
    location_id: fmLocation,
    ...(supplierId ? { supplier_id: supplierId } : {}),
    lines: [{ item_id: fmItem, quantity: 3 }],
  });
  expect(res.status).toBe(201);
  return (res.body.data as unknown as PurchaseOrderDetail).id;
}

useInventoryApp();

beforeAll(async () => {
  const options = await call('GET', tok.fmEditor, 'purchase-orders/options');
  fmLocation = (options.body.data as unknown as { locations: { id: number }[] }).locations[0]?.id ?? 0;
  const items = await call('GET', tok.fmEditor, 'inventory?per_page=1');
  fmItem = (items.body.data as unknown as { id: number }[])[0]?.id ?? 0;
});

describe('suppliers', () => {
  it('lists URI first with its order address and account number', async () => {
    const [uri] = await suppliers();
    expect(uri).toMatchObject({ code: 'URI', name: 'United Refrigeration Inc.', archived: false });
    expect(uri?.email).toBe('orders.uri@example.com');
    expect(uri?.account_number).not.toBe('');
    expect(uri?.order_count).toBeGreaterThan(0);
  });

  it('creates, edits, archives (no longer offered) and restores a supplier, each audited', async () => {
    const body = {
      code: 'CPS',
      name: 'Coastal Parts Supply',
      email: 'Orders@Coastal.example.com',
      phone: '+1 (361) 555-0100',
    };
    const created = await call('POST', tok.tech, 'inventory/suppliers', body);
    expect(created.status).toBe(201);
    const supplier = created.body.data as unknown as SupplierRecord;
    expect(supplier).toMatchObject({ email: 'orders@coastal.example.com', phone: '+13615550100', account_number: '' });
    const edited = await call('PATCH', tok.tech, `inventory/suppliers/${supplier.id}`, { account_number: 'C-77' });
    expect(edited.body.data).toMatchObject({ name: 'Coastal Parts Supply', account_number: 'C-77' });

    expect((await call('DELETE', tok.tech, `inventory/suppliers/${supplier.id}`)).status).toBe(204);
    expect((await suppliers()).some((s) => s.id === supplier.id)).toBe(false);
    expect((await suppliers('?include_archived=true')).find((s) => s.id === supplier.id)?.archived).toBe(true);
    const options = await call('GET', tok.fmEditor, 'purchase-orders/options');
    expect((options.body.data as unknown as { suppliers: { id: number }[] }).suppliers.map((s) => s.id)).not.toContain(
      supplier.id,
    );
    const refused = await call('POST', tok.fmEditor, 'purchase-orders', {
      location_id: fmLocation,
      supplier_id: supplier.id,
      lines: [{ item_id: fmItem, quantity: 1 }],
    });
    expect(refused.body.error).toMatchObject({
      details: { fields: [{ field: 'supplier_id', message: 'Choose one of the listed suppliers.' }] },
    });

    const restored = await call('PATCH', tok.tech, `inventory/suppliers/${supplier.id}`, { archived: false });
    expect(restored.body.data).toMatchObject({ archived: false });
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'supplier'), eq(auditLog.subjectId, String(supplier.id))))
      .orderBy(auditLog.id);
    expect(actions.map((r) => r.action)).toEqual([
      'supplier.create',
      'supplier.update',
      'supplier.archive',
      'supplier.restore',
    ]);
  });

  it('answers localized field errors for a taken code and a bad email, and creates nothing', async () => {
    const taken = await call('POST', tok.tech, 'inventory/suppliers', { code: 'uri', name: 'Copy' }, 'es-MX');
    expect(taken.status).toBe(422);
    expect(taken.body.error).toMatchObject({
      details: { fields: [{ field: 'code', message: 'Otro proveedor ya usa este código.' }] },
    });
    const bad = await call('POST', tok.tech, 'inventory/suppliers', { code: 'BAD', name: 'Bad', email: 'nope' });
    expect(bad.body.error).toMatchObject({
      details: { fields: [{ field: 'email', message: 'Enter a valid email address.' }] },
    });
    expect((await suppliers('?include_archived=true')).some((s) => s.code === 'BAD')).toBe(false);
  });

  it('refuses changes to anyone who does not see every organization (403), without inventory_edit too', async () => {
    const [uri] = await suppliers();
    expect((await call('POST', tok.fmEditor, 'inventory/suppliers', { code: 'FM', name: 'Mine' })).status).toBe(403);
    expect((await call('PATCH', tok.outsider, `inventory/suppliers/${uri?.id}`, { name: 'Taken over' })).status).toBe(
      403,
    );
    expect((await call('DELETE', tok.outsider, `inventory/suppliers/${uri?.id}`)).status).toBe(403);
    const viewer = await login(t.app, 'viewer@example.com');
    expect((await call('GET', viewer, 'inventory/suppliers')).status).toBe(403);
    expect((await suppliers())[0]).toMatchObject({ code: 'URI', name: 'United Refrigeration Inc.', archived: false });
  });
});

describe('sending a purchase order to its supplier', () => {
  it('queues an email with the order’s PDF to the supplier’s address, marks the order sent, and delivers it', async () => {
    const id = await draft();
    const sent = await call('POST', tok.fmEditor, `purchase-orders/${id}/send`, undefined, 'es-MX');
    expect(sent.status).toBe(200);
    const detail = sent.body.data as unknown as PurchaseOrderDetail;
    expect(detail.status).toBe('sent');
    expect(detail.emails).toHaveLength(1);
    expect(detail.emails[0]).toMatchObject({
      email: 'orders.uri@example.com',
      status: 'queued',
      kind: 'purchase_order',
    });

    const [email] = await t.database.db.select().from(emailMessages).where(eq(emailMessages.purchaseOrderId, id));
    expect(email?.subject).toBe(`Orden de compra ${detail.number} de FreshMart Foods`);
    expect(email?.text).toContain('fm-editor@example.com');
    const [file] = await t.database.db
      .select()
      .from(emailAttachments)
      .where(eq(emailAttachments.emailId, email?.id ?? 0));
    expect(file).toMatchObject({ filename: `${detail.number}.pdf`, contentType: 'application/pdf' });
    expect(file?.content.subarray(0, 5).toString()).toBe('%PDF-');

    const outgoing: MailToSend[] = [];
    const transport = {
      kind: 'smtp' as const,
      send: async (mail: MailToSend) => {
        outgoing.push(mail);
        return { providerMessageId: `m-${mail.id}` };
      },
      close: () => undefined,
    };
    await deliverDue({
      db: t.database.db,
      bus: t.bus,
      transport,
      from: 'rcm@x',
      now: () => new Date(),
    });
    const mail = outgoing.find((m) => m.id === email?.id);
    expect(mail?.to).toBe('orders.uri@example.com');
    expect(mail?.attachments?.[0]?.content.equals(file?.content ?? Buffer.alloc(0))).toBe(true);
    const after = (await call('GET', tok.fmEditor, `purchase-orders/${id}`)).body
      .data as unknown as PurchaseOrderDetail;
    expect(after.emails[0]).toMatchObject({ status: 'sent' });
    expect(after.emails[0]?.sent_at).not.toBeNull();
  });

  it('answers 409 for an order already sent, queuing nothing more', async () => {
    const id = await draft();
    expect((await call('POST', tok.fmEditor, `purchase-orders/${id}/send`)).status).toBe(200);
    const again = await call('POST', tok.fmEditor, `purchase-orders/${id}/send`);
    expect(again.status).toBe(409);
    expect(await t.database.db.select().from(emailMessages).where(eq(emailMessages.purchaseOrderId, id))).toHaveLength(
      1,
    );
  });

  it('refuses (422, localized) a supplier without an order address, leaving the draft a draft', async () => {
    const created = await call('POST', tok.tech, 'inventory/suppliers', { code: 'NOMAIL', name: 'Phone Orders Only' });
    const supplier = created.body.data as unknown as SupplierRecord;
    const id = await draft(supplier.id);
    const res = await call('POST', tok.fmEditor, `purchase-orders/${id}/send`);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      details: {
        fields: [
          {
            field: 'supplier_id',
            message: 'This supplier has no order email address. Add one under Inventory → Suppliers.',
          },
        ],
      },
    });
    const detail = (await call('GET', tok.fmEditor, `purchase-orders/${id}`)).body
      .data as unknown as PurchaseOrderDetail;
    expect(detail).toMatchObject({ status: 'draft', emails: [] });
  });

  it('is 404 for a user of another organization: nothing sent, no PDF', async () => {
    const id = await draft();
    expect((await call('POST', tok.outsider, `purchase-orders/${id}/send`)).status).toBe(404);
    expect((await call('GET', tok.outsider, `purchase-orders/${id}/pdf`)).status).toBe(404);
    expect(await t.database.db.select().from(emailMessages).where(eq(emailMessages.purchaseOrderId, id))).toHaveLength(
      0,
    );
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/purchase-orders/${id}/pdf`,
      headers: headers(tok.fmEditor),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

import type { PurchaseOrderBody } from '@rcm/shared/inventory';
import type { Locale } from '@rcm/shared/locale';
import { AppError } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import { holdsOrganization, scopeFor } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import { toCents } from './items-repo.ts';
import { renderOrderEmail, renderOrderPdf } from './po-document.ts';
import type { PurchaseOrdersRepo } from './po-repo.ts';

const invalid = (field: string, key: FieldMessageKey) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key }] });

export function createPurchaseOrdersService(
  deps: ChangeDeps & {
    repo: PurchaseOrdersRepo;
    /** The email outbox an order's email to its supplier is queued in. */
    outbox: EmailOutboxRepo;
  },
) {
  const { db, repo, audit, outbox, now } = deps;

  /** The order when the caller may see it; 404 otherwise (no hint that it exists). */
  async function visible(ctx: AuthContext, id: number) {
    const scope = scopeFor(ctx, 'inventory');
    const po = await repo.detail(id);
    if (!scope || !po || !holdsOrganization(scope, po.organisation.id)) throw new AppError(404, 'not_found');
    return po;
  }

  async function receive(ctx: AuthContext, id: number) {
    const po = await visible(ctx, id);
    await db.transaction(async (tx) => {
      if (!(await repo.receive(id, now(), tx))) throw new AppError(409, 'conflict');
      await audit.recordBy(
        auditActor(ctx),
        {
          organizationId: po.organisation.id,
          action: 'purchase_order.received',
          subjectType: 'purchase_order',
          subjectId: id,
          before: { status: po.status },
          after: { status: 'received' },
        },
        tx,
      );
    });
  }

  /**
   * draft → sent: the order's PDF is emailed to the supplier's order address through the outbox. The
   * status change, the queued email (with the PDF) and the audit entry commit together or not at all.
   */
  async function send(ctx: AuthContext, id: number, locale: Locale) {
    const po = await visible(ctx, id);
    if (po.status !== 'draft') throw new AppError(409, 'conflict');
    if (!po.supplier_email) throw invalid('supplier_id', 'supplier_no_email');
    const doc = await repo.document(id);
    if (!doc) throw new AppError(404, 'not_found');
    const at = now();
    const sender = { name: ctx.user.name, email: ctx.user.email };
    const pdf = await renderOrderPdf(doc, locale, sender, at);
    await db.transaction(async (tx) => {
      if (!(await repo.markSent(id, at, tx))) throw new AppError(409, 'conflict');
      await outbox.enqueue(
        {
          kind: 'purchase_order',
          to: po.supplier_email,
          locale,
          ...renderOrderEmail(doc, locale, sender, at),
          purchaseOrderId: id,
          attachments: [{ filename: `${doc.number}.pdf`, contentType: 'application/pdf', content: pdf }],
        },
        tx,
      );
      await audit.recordBy(
        auditActor(ctx),
        {
          organizationId: po.organisation.id,
          action: 'purchase_order.sent',
          subjectType: 'purchase_order',
          subjectId: id,
          before: { status: po.status },
          after: { status: 'sent', email: po.supplier_email },
        },
        tx,
      );
    });
  }

  /** A draft nobody will send is discarded (its lines with it); sent and received orders are history: 409. */
  async function discard(ctx: AuthContext, id: number) {
    const po = await visible(ctx, id);
    await db.transaction(async (tx) => {
      if (!(await repo.discardDraft(id, tx))) throw new AppError(409, 'conflict');
      await audit.recordBy(
        auditActor(ctx),
        {
          organizationId: po.organisation.id,
          action: 'purchase_order.discard',
          subjectType: 'purchase_order',
          subjectId: id,
          before: { number: po.number, supplier_id: po.supplier.id, location_id: po.location.id, lines: po.lines },
        },
        tx,
      );
    });
  }

  /** The order's PDF as the supplier receives it (dated today for a draft). */
  async function pdf(ctx: AuthContext, id: number, locale: Locale) {
    const po = await visible(ctx, id);
    const doc = await repo.document(id);
    if (!doc) throw new AppError(404, 'not_found');
    const at = po.ordered_at ? new Date(po.ordered_at) : now();
    return {
      number: doc.number,
      pdf: await renderOrderPdf(doc, locale, { name: ctx.user.name, email: ctx.user.email }, at),
    };
  }

  return {
    visible,

    async create(ctx: AuthContext, body: PurchaseOrderBody): Promise<number> {
      const scope = scopeFor(ctx, 'inventory');
      const location = await repo.location(body.location_id);
      if (!scope || !location || !holdsOrganization(scope, location.organizationId)) {
        throw invalid('location_id', 'location_not_in_organization');
      }
      const suppliers = await repo.suppliers();
      const supplier = body.supplier_id === undefined ? suppliers[0] : suppliers.find((s) => s.id === body.supplier_id);
      if (!supplier) throw invalid('supplier_id', 'supplier_unknown');
      const items = new Map((await repo.items(body.lines.map((l) => l.item_id))).map((i) => [i.id, i]));
      const lines = body.lines.map((l, i) => {
        const item = items.get(l.item_id);
        if (!item || item.organizationId !== location.organizationId) {
          throw invalid(`lines.${i}.item_id`, 'item_not_in_organization');
        }
        if (item.archivedAt) throw invalid(`lines.${i}.item_id`, 'item_archived');
        return {
          itemId: l.item_id,
          quantity: l.quantity,
          unitPriceCents: l.unit_price === undefined ? item.unitPriceCents : toCents(l.unit_price),
        };
      });
      return audit.recordChange(
        db,
        auditActor(ctx),
        (tx) =>
          repo.create(
            {
              organizationId: location.organizationId,
              locationId: location.id,
              supplierId: supplier.id,
              notes: body.notes,
              createdBy: ctx.user.id,
              lines,
            },
            now(),
            tx,
          ),
        (id) => ({
          organizationId: location.organizationId,
          action: 'purchase_order.create',
          subjectType: 'purchase_order',
          subjectId: id,
          after: { location_id: location.id, supplier_id: supplier.id, lines: lines.length },
        }),
      );
    },

    send,
    receive,
    discard,
    pdf,
  };
}

export type PurchaseOrdersService = ReturnType<typeof createPurchaseOrdersService>;

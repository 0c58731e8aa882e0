import type { Locale } from '@rcm/shared/locale';
import type { DbOrTx } from '../../db/client.ts';
import { emailAttachments, emailMessages } from '../../db/schema-notifications.ts';

export interface OutgoingEmail {
  kind: string; // 'alarm' | 'escalation' | 'invitation' | ...
  to: string;
  locale: Locale;
  subject: string;
  html: string;
  text: string;
  alarmId?: number | null;
  userId?: number | null;
  /** Escalation tier of alarm emails (0 = first notification). */
  tier?: number;
  /** The purchase order an email sends to its supplier. */
  purchaseOrderId?: number | null;
  /** Files sent with the email; stored with it, so every attempt sends the same bytes. */
  attachments?: EmailAttachment[];
}

export type EmailAttachment = { filename: string; contentType: string; content: Buffer };

type Kick = () => void;

/**
 * The email outbox every feature sends through: built once (app.ts) and offered to the features as
 * `ctx.shared.outbox`; the notification worker delivers what it queues.
 */
export function createEmailOutboxRepo() {
  const kicks = new Set<Kick>();
  return {
    /** The outbox worker registers here to be woken soon after an email is queued (it also polls). */
    onQueued(kick: Kick): () => void {
      kicks.add(kick);
      return () => kicks.delete(kick);
    },
    /** Queues one email in the caller's transaction (or database); the outbox worker delivers it. */
    async enqueue(email: OutgoingEmail, tx: DbOrTx): Promise<{ id: number }> {
      const [row] = await tx
        .insert(emailMessages)
        .values({
          kind: email.kind,
          toAddress: email.to,
          locale: email.locale,
          subject: email.subject,
          html: email.html,
          text: email.text,
          alarmId: email.alarmId ?? null,
          userId: email.userId ?? null,
          tier: email.tier ?? 0,
          purchaseOrderId: email.purchaseOrderId ?? null,
        })
        .returning({ id: emailMessages.id });
      if (!row) throw new Error('email_messages insert returned no row');
      if (email.attachments?.length) {
        await tx.insert(emailAttachments).values(email.attachments.map((a) => ({ emailId: row.id, ...a })));
      }
      // Woken after the caller's transaction has had a chance to commit; the worker polls regardless.
      for (const kick of kicks) setTimeout(kick, 50).unref?.();
      return { id: row.id };
    },
  };
}

export type EmailOutboxRepo = ReturnType<typeof createEmailOutboxRepo>;

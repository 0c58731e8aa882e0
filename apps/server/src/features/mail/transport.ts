import nodemailer from 'nodemailer';

import type { EmailAttachment } from './outbox-repo.ts';

export type MailToSend = {
  id: number;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
};
export type MailTransport = {
  /** 'smtp' over SMTP_URL, or 'local': rendered and recorded as not sent, nothing leaves the process. */
  kind: 'smtp' | 'local';
  send: (mail: MailToSend) => Promise<{ providerMessageId: string }>;
  close: () => void;
};

/** Mandrill answers `250 OK ... queued as <_id>` style responses; otherwise the Message-ID is the key. */
function providerId(info: { messageId?: string; response?: string }): string {
  const queued = info.response?.match(/queued as ([A-Za-z0-9._-]+)/i)?.[1];
  return queued ?? info.messageId ?? '';
}

/** Whether email leaves this installation: only through a configured mail server (SMTP_URL). */
export function mailServerConfigured(config: { SMTP_URL?: string }): boolean {
  return Boolean(config.SMTP_URL);
}

export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  const transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: smtpUrl ? 'smtp' : 'local',
    async send(mail) {
      const info = await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
        // Mandrill echoes metadata in its webhook events: the webhook finds the row by it too.
        headers: { 'X-MC-Metadata': { prepared: true, value: JSON.stringify({ email_id: mail.id }) } },
      });
      return { providerMessageId: providerId(info as { messageId?: string; response?: string }) };
    },
    close: () => transporter.close(),
  };
}

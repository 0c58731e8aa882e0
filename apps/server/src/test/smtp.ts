import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  body: string;
  emailId: number | null;
};

/** Quoted-printable and MIME encoded-word decoding, enough to read our own messages. */
function decodeQp(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    const hex = text.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(ch, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replaceAll('_', ' ')),
  );
}

/**
 * A real SMTP server in the test process (the `smtp-server` package). `reject` makes it refuse
 * recipients (a temporary failure), to exercise retries.
 */
export async function startTestSmtp(): Promise<{
  url: string;
  messages: ReceivedMail[];
  reject: Set<string>;
  close: () => Promise<void>;
}> {
  const messages: ReceivedMail[] = [];
  const reject = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (reject.has(address.address)) {
        const err = new Error('mailbox busy') as Error & { responseCode: number };
        err.responseCode = 450;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = chunks.join('');
        const headerEnd = raw.search(/\r?\n\r?\n/);
        const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
        const subject = decodeHeader(headers.match(/^Subject: (.*)$/im)?.[1] ?? '');
        const meta = headers.match(/^X-MC-Metadata: (.*)$/im)?.[1];
        let emailId: number | null = null;
        try {
          emailId = meta ? Number((JSON.parse(meta) as { email_id: number }).email_id) : null;
        } catch {
          emailId = null;
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          body: decodeQp(raw.slice(headerEnd)),
          emailId,
        });
        callback(null, `Ok: queued as test-${messages.length}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    reject,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import type { Locale } from '@rcm/shared/locale';

const COPY: Record<
  Locale,
  {
    subject: (org: string) => string;
    intro: (inviter: string, org: string) => string;
    action: string;
    expiry: string;
    ignore: string;
  }
> = {
  'en-US': {
    subject: (org) => `You are invited to join ${org}`,
    intro: (inviter, org) => `${inviter} invited you to join ${org} on the refrigeration monitoring console.`,
    action: 'Accept the invitation',
    expiry: 'This link can be used once and expires in 7 days.',
    ignore: 'If you did not expect this invitation, you can ignore this email.',
  },
  'es-MX': {
    subject: (org) => `Te invitaron a unirte a ${org}`,
    intro: (inviter, org) => `${inviter} te invitó a unirte a ${org} en la consola de monitoreo de refrigeración.`,
    action: 'Aceptar la invitación',
    expiry: 'Este enlace se puede usar una sola vez y vence en 7 días.',
    ignore: 'Si no esperabas esta invitación, puedes ignorar este correo.',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The invitation email in the invitee's language: subject, HTML and plain text with the accept link. */
export function renderInvitationEmail(input: { locale: Locale; organization: string; inviter: string; link: string }) {
  const copy = COPY[input.locale];
  const intro = copy.intro(input.inviter, input.organization);
  const html = `<!doctype html><html lang="${input.locale}"><body style="font-family:sans-serif;color:#0f172a">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(copy.action)}</a></p>
<p>${escapeHtml(copy.expiry)}</p>
<p style="color:#475569">${escapeHtml(copy.ignore)}</p>
</body></html>`;
  const text = `${intro}\n\n${copy.action}: ${input.link}\n\n${copy.expiry}\n${copy.ignore}\n`;
  return { subject: copy.subject(input.organization), html, text };
}

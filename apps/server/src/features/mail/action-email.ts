import type { Locale } from '@rcm/shared/locale';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * An email that asks the reader to follow one link (an invitation, a password link): the intro, a
 * button, how long the link lasts and what to do if it was not expected; HTML and plain text.
 */
export function renderActionEmail(input: {
  locale: Locale;
  subject: string;
  intro: string;
  action: string;
  link: string;
  expiry: string;
  ignore: string;
}) {
  const { intro, action, link, expiry, ignore } = input;
  const html = `<!doctype html><html lang="${input.locale}"><body style="font-family:sans-serif;color:#0f172a">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#475569">${escapeHtml(ignore)}</p>
</body></html>`;
  const text = `${intro}\n\n${action}: ${link}\n\n${expiry}\n${ignore}\n`;
  return { subject: input.subject, html, text };
}

import sanitizeHtml from 'sanitize-html';

const SAFE_HREF = /^(https?:|mailto:)/i;
const QUILL_CLASSES = ['ql-*'];

/**
 * The rich-text notes' allow-list: the formatting the editor produces and nothing that runs. Links
 * keep only http(s) and mailto targets and never give the opened page a handle on the console.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'ol',
    'ul',
    'li',
    'a',
    'blockquote',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
    'span',
  ],
  allowedAttributes: { a: ['href', 'rel', { name: 'target', values: ['_blank'] }] },
  // Quill marks alignment, indentation and code blocks with ql-* classes; any other class is dropped.
  allowedClasses: Object.fromEntries(
    ['p', 'li', 'ol', 'ul', 'pre', 'blockquote', 'h1', 'h2', 'h3', 'span'].map((tag) => [tag, QUILL_CLASSES]),
  ),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { href, target } = attribs;
      return {
        tagName,
        attribs: {
          ...(href && SAFE_HREF.test(href.trim()) ? { href: href.trim() } : {}),
          ...(target ? { target } : {}),
          rel: 'noopener noreferrer',
        },
      };
    },
  },
};

/** Notes as stored and served: harmless HTML, whatever was sent. */
export function sanitizeNotes(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const BLOCK_END = /<\/(p|li|h[1-3]|blockquote|pre)>|<br\s*\/?>/gi;

/** Notes as plain text (for the audit log and other places that show no markup): one line per block. */
export function notesText(html: string): string {
  const text = sanitizeHtml(html.replace(BLOCK_END, '\n'), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

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

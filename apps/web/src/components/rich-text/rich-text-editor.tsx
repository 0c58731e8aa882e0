import Quill, { type Delta as DeltaType } from 'quill';
import 'quill/dist/quill.snow.css';
import 'quill/dist/quill.bubble.css';
import './rich-text-editor.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type ContentType = 'delta' | 'html' | 'text';
export type EditorTheme = 'snow' | 'bubble' | 'none';
export type EditorValue = string | DeltaType;

const TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'clean'],
];

/** Toolbar buttons get names in the interface language (Quill's have none). */
function labelToolbar(container: HTMLElement, t: (key: string) => string): void {
  for (const button of container.querySelectorAll<HTMLButtonElement>('.ql-toolbar button')) {
    const format = [...button.classList].find((c) => c.startsWith('ql-'))?.slice(3) ?? '';
    const key = button.value ? `${format}_${button.value}` : format;
    button.setAttribute('aria-label', t(`editor.${key}`));
  }
}

/**
 * The product's one rich-text editor (docs/requirements.md §1): Quill 2, content as a delta, HTML or plain
 * text, theme snow, bubble or none.
 */
export function RichTextEditor(props: {
  label: string;
  value: EditorValue;
  onChange: (value: EditorValue) => void;
  contentType?: ContentType;
  theme?: EditorTheme;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const contentType = props.contentType ?? 'html';
  const theme = props.theme ?? 'snow';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once per theme; value changes flow through the effect below.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const editorEl = document.createElement('div');
    el.appendChild(editorEl);
    const q = new Quill(editorEl, {
      theme: theme === 'none' ? undefined : theme,
      readOnly: props.readOnly,
      modules: { toolbar: theme === 'snow' ? TOOLBAR : false },
    });
    q.root.setAttribute('role', 'textbox');
    q.root.setAttribute('aria-multiline', 'true');
    q.root.setAttribute('aria-label', props.label);
    labelToolbar(el, t);
    q.on('text-change', () => {
      if (contentType === 'delta') onChange.current(q.getContents());
      else if (contentType === 'text') onChange.current(q.getText());
      else onChange.current(q.getSemanticHTML());
    });
    quill.current = q;
    return () => {
      quill.current = null;
      el.innerHTML = '';
    };
  }, [theme, contentType]);

  // Outside changes (a reload, another user's save) replace the content without echoing back.
  useEffect(() => {
    const q = quill.current;
    if (!q) return;
    const current =
      contentType === 'delta'
        ? JSON.stringify(q.getContents())
        : contentType === 'text'
          ? q.getText()
          : q.getSemanticHTML();
    const next = contentType === 'delta' ? JSON.stringify(props.value) : String(props.value);
    if (current === next) return;
    if (contentType === 'delta') q.setContents(props.value as DeltaType, 'silent');
    else if (contentType === 'text') q.setText(String(props.value), 'silent');
    else q.setContents(q.clipboard.convert({ html: String(props.value) }), 'silent');
  }, [props.value, contentType]);

  return (
    <div ref={host} className="rich-text rounded-md bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100" />
  );
}

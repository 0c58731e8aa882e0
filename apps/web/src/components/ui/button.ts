/** The console's button styles: one main action, ordinary actions, and actions that remove or end something. */
export const primaryButton =
  'inline-flex items-center justify-center rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60';
export const secondaryButton =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800';
export const dangerButton =
  'inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60 dark:border-red-700 dark:bg-slate-900 dark:text-red-200';
/** The confirming button of a destructive dialog. */
export const destructiveButton =
  'inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60';
/** An inline link in text or a table cell. */
export const linkClass = 'font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';

/** Settings → Backups, and the shell's low-disk banner for administrators. */
export const en = {
  intro:
    'A backup is a consistent copy of the whole database, taken while the console runs. One is made every night; the newest {{keep}} of each kind are kept. Restore one into an empty directory with npm run restore (see the README).',
  backUpNow: 'Back up now',
  backingUp: 'Backing up…',
  created: 'Backup {{name}} is ready.',
  failed: 'The backup failed: {{message}}',
  listLabel: 'Backups',
  name: 'File',
  kind: 'Kind',
  nightly: 'Nightly',
  manual: 'On demand',
  createdAt: 'Made',
  size: 'Size',
  download: 'Download',
  downloadName: 'Download {{name}}',
  downloadFailed: 'The backup could not be downloaded.',
  emptyTitle: 'No backups yet',
  emptyBody: 'The first nightly backup is made at night; “Back up now” makes one at once.',
  external:
    'This console stores its data in PostgreSQL. Back it up with PostgreSQL’s own tools (pg_dump or base backups): the README’s section “Backing up PostgreSQL” says how.',
  loadError: 'The backups could not be loaded.',
  diskLowTitle: 'The server is almost out of disk space.',
  diskLowBody:
    '{{free}} free, {{min}} needed. Devices’ readings are refused (they keep them and send them again) until space is freed on the server.',
};

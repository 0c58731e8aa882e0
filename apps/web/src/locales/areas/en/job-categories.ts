/** Settings → Job categories. */
export const en = {
  jobCategories: {
    help: 'Categories sort field-service jobs. An archived category is no longer offered for new jobs; jobs filed under it keep it. Categories are shared by every organization.',
    zuper:
      'Zuper is connected: categories come from Zuper (synced with its jobs every 5 minutes) and are changed there. Only Zuper’s categories are offered for new jobs.',
    name: 'Name',
    source: 'Source',
    sources: { local: 'This console', zuper: 'Zuper' },
    jobs: 'Jobs',
    state: 'State',
    active: 'Active',
    archived: 'Archived',
    newName: 'New category',
    add: 'Add category',
    adding: 'Adding…',
    added: 'Category {{name}} was added.',
    rename: 'Rename',
    renameCategory: 'Rename {{name}}',
    renameTitle: 'Rename {{name}}',
    renamed: 'The category is now called {{name}}.',
    archive: 'Archive',
    archiveCategory: 'Archive {{name}}',
    archiveTitle: 'Archive {{name}}?',
    archiveBody_one:
      '{{name}} is no longer offered for new jobs. The {{count}} job filed under it keeps it. You can restore it later.',
    archiveBody_other:
      '{{name}} is no longer offered for new jobs. The {{count}} jobs filed under it keep it. You can restore it later.',
    archiveConfirm: 'Archive category',
    archivedDone: 'Category {{name}} was archived.',
    restore: 'Restore',
    restoreCategory: 'Restore {{name}}',
    restored: 'Category {{name}} was restored.',
    empty: 'No job categories yet. Add the kinds of work your technicians do.',
    table: 'Job categories',
  },
};

import type { Widen } from '../../types.ts';
import type { en } from '../en/job-categories.ts';

export const es: Widen<typeof en> = {
  jobCategories: {
    help: 'Las categorías ordenan los trabajos de servicio. Una categoría archivada deja de ofrecerse para trabajos nuevos; los trabajos que la tienen la conservan. Las categorías son comunes a todas las organizaciones.',
    zuper:
      'Zuper está conectado: las categorías vienen de Zuper (se sincronizan con sus trabajos cada 5 minutos) y se cambian allá. Solo las categorías de Zuper se ofrecen para trabajos nuevos.',
    name: 'Nombre',
    source: 'Origen',
    sources: { local: 'Esta consola', zuper: 'Zuper' },
    jobs: 'Trabajos',
    state: 'Estado',
    active: 'Activa',
    archived: 'Archivada',
    newName: 'Nueva categoría',
    add: 'Agregar categoría',
    adding: 'Agregando…',
    added: 'Se agregó la categoría {{name}}.',
    rename: 'Renombrar',
    renameCategory: 'Renombrar {{name}}',
    renameTitle: 'Renombrar {{name}}',
    renamed: 'La categoría ahora se llama {{name}}.',
    archive: 'Archivar',
    archiveCategory: 'Archivar {{name}}',
    archiveTitle: '¿Archivar {{name}}?',
    archiveBody_one:
      '{{name}} deja de ofrecerse para trabajos nuevos. El {{count}} trabajo que la tiene la conserva. Puedes restaurarla más tarde.',
    archiveBody_other:
      '{{name}} deja de ofrecerse para trabajos nuevos. Los {{count}} trabajos que la tienen la conservan. Puedes restaurarla más tarde.',
    archiveConfirm: 'Archivar categoría',
    archivedDone: 'Se archivó la categoría {{name}}.',
    restore: 'Restaurar',
    restoreCategory: 'Restaurar {{name}}',
    restored: 'Se restauró la categoría {{name}}.',
    empty: 'Todavía no hay categorías de trabajo. Agrega los tipos de trabajo que hacen tus técnicos.',
    table: 'Categorías de trabajo',
  },
};

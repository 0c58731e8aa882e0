import type { Widen } from '../../types.ts';
import type { en } from '../en/backups.ts';

export const es: Widen<typeof en> = {
  intro:
    'Un respaldo es una copia coherente de toda la base de datos, tomada mientras la consola funciona. Se hace uno cada noche; se conservan los {{keep}} más recientes de cada tipo. Restaura uno en un directorio vacío con npm run restore (consulta el README).',
  backUpNow: 'Respaldar ahora',
  backingUp: 'Respaldando…',
  created: 'El respaldo {{name}} está listo.',
  failed: 'El respaldo falló: {{message}}',
  listLabel: 'Respaldos',
  name: 'Archivo',
  kind: 'Tipo',
  nightly: 'Nocturno',
  manual: 'A pedido',
  createdAt: 'Hecho',
  size: 'Tamaño',
  download: 'Descargar',
  downloadName: 'Descargar {{name}}',
  downloadFailed: 'No se pudo descargar el respaldo.',
  emptyTitle: 'Aún no hay respaldos',
  emptyBody: 'El primer respaldo nocturno se hace por la noche; “Respaldar ahora” hace uno de inmediato.',
  external:
    'Esta consola guarda sus datos en PostgreSQL. Respáldala con las herramientas de PostgreSQL (pg_dump o respaldos base): la sección “Backing up PostgreSQL” del README explica cómo.',
  loadError: 'No se pudieron cargar los respaldos.',
  diskLowTitle: 'Al servidor casi no le queda espacio en disco.',
  diskLowBody:
    '{{free}} libres, se necesitan {{min}}. Las lecturas de los dispositivos se rechazan (los dispositivos las conservan y las vuelven a enviar) hasta que se libere espacio en el servidor.',
};

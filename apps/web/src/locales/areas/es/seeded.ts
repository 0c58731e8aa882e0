import type { Widen } from '../../types.ts';
import type { en } from '../en/seeded.ts';

export const es: Widen<typeof en> = {
  role: {
    admin: 'Administrador',
    manager: 'Gerente de tienda',
    technician: 'Técnico de servicio',
    viewer: 'Consulta de tienda',
    setup_manager: 'Gerente',
    setup_technician: 'Técnico',
    setup_viewer: 'Consulta',
  },
  job_category: {
    emergency_repair: 'Reparación de emergencia',
    preventive_maintenance: 'Mantenimiento preventivo',
    leak_check: 'Revisión de fugas de refrigerante',
    installation: 'Instalación',
    inspection: 'Inspección',
  },
  team: {
    service_desk: 'Mesa de servicio',
    field_technicians: 'Técnicos de campo',
    store_operations: 'Operaciones de tienda',
  },
};

import type { Widen } from '../../types.ts';
import type { en } from '../en/reports.ts';

export const es: Widen<typeof en> = {
  title: 'Reportes',
  subtitle: 'Compras, equipos y registros de inocuidad alimentaria, filtrados y exportados.',
  back: '← Todos los reportes',
  filters: 'Filtros del reporte',
  from: 'Desde',
  to: 'Hasta',
  apply: 'Aplicar',
  location: 'Ubicación',
  allLocations: 'Todas las ubicaciones',
  status: 'Estado',
  anyStatus: 'Cualquier estado',
  loading: 'Cargando el reporte…',
  loadError: 'No se pudo cargar el reporte. Inténtelo de nuevo en un momento.',
  emptyTitle: 'Nada que reportar',
  emptyBody: 'Ningún dato coincide con estos filtros. Pruebe un rango de fechas más largo u otra ubicación.',
  exportCsv: 'Exportar CSV',
  exportPdf: 'Exportar PDF',
  exporting: 'Progreso de la exportación',
  exportProgress: 'Descargando… {{kb}} KB',
  exported: 'Se guardó {{file}}',
  exportError: 'No se pudo descargar la exportación.',
  poStatus: { draft: 'Borrador', sent: 'Enviada', received: 'Recibida' },
  names: {
    uri_purchase_orders: {
      title: 'Órdenes de compra a URI',
      description: 'Órdenes colocadas con United Refrigeration Inc. por fecha, ubicación y estado, con totales.',
    },
    rack_manually_on: {
      title: 'Racks encendidos manualmente',
      description: 'Racks en modo manual ahora, y desde cuándo y por cuánto tiempo en un rango de fechas.',
    },
    haccp: {
      title: 'Registro de temperaturas HACCP',
      description:
        'Temperaturas de vitrinas cada hora por ubicación y día, con desviaciones sobre 41 °F / 5 °C marcadas.',
    },
    alarm_response: {
      title: 'Respuesta a alarmas',
      description: 'Tiempo para reconocer y borrar alarmas (mediana, p90) por ubicación, tipo y severidad.',
    },
    refrigerant: {
      title: 'Cumplimiento de refrigerantes',
      description:
        'Cada sistema de refrigeración: carga, CO2e, refrigerante agregado, última tasa de fuga, estado de reparación, próxima revisión y posibles fugas.',
    },
    alarm_management: {
      title: 'Gestión de alarmas',
      description:
        'Carga de alarmas según ISA-18.2 y EEMUA 191: alarmas por hora, avalanchas, las alarmas más frecuentes, intermitentes y permanentes, tiempo pospuestas y suprimidas.',
    },
    case_performance: {
      title: 'Desempeño de vitrinas',
      description:
        'Por vitrina: tiempo en rango sin deshielos, deshielos por día y su duración, aperturas de puerta, alarmas de temperatura generadas y las que retuvieron las reglas de deshielo y de producto.',
    },
  },
  uri: {
    orders: 'Órdenes',
    total: 'Total',
    byMonth: 'Totales de órdenes por mes',
    number: 'Núm. de OC',
    placedAt: 'Colocada',
    lines: 'Líneas',
    units: 'Unidades',
  },
  manual: {
    now: 'Encendidos manualmente ahora',
    nowCount: 'Racks encendidos manualmente ahora',
    noneNow: 'Ningún rack está encendido manualmente en este momento.',
    episodes: 'Periodos en el rango',
    episodesTitle: 'Periodos en modo manual en el rango',
    noEpisodes: 'Ningún rack estuvo encendido manualmente en este rango.',
    timeInRange: 'Tiempo en modo manual en el rango',
    byLocation: 'Tiempo en modo manual por ubicación',
    rack: 'Rack',
    point: 'Punto',
    since: 'Desde',
    until: 'Hasta',
    ongoing: 'Sigue en modo manual',
    lastReading: 'Última lectura',
    for: 'Duración',
    inRange: 'En el rango',
    source:
      'Los periodos provienen del controlador que reporta un punto en encendido manual (la alarma “Rack encendido manualmente” se activa y se borra con él); la última lectura muestra que el controlador siguió reportando.',
  },
  haccp: {
    locations: 'Ubicaciones',
    cases: 'Vitrinas',
    hoursLogged: 'Horas registradas',
    excursions: 'Desviaciones',
    excursion: 'desviación',
    byDay: 'Horas sobre el límite por día (la barra más larga es el peor día: {{max}} h)',
    dayBar: '{{excursions}} h sobre el límite',
    legend:
      'Temperatura más alta de la vitrina en cada hora local de la ubicación; los valores sobre 41 °F / 5 °C se marcan con * y en rojo, · es una hora sin lecturas.',
    day: 'Día',
    case: 'Vitrina',
    max: 'Máx.',
    productMax: 'Máx. producto',
  },
  response: {
    severity: 'Severidad',
    anySeverity: 'Cualquier severidad',
    alarms: 'Alarmas',
    type: 'Tipo de alarma',
    ackChart: 'Mediana del tiempo para reconocer por severidad',
    clearChart: 'Mediana del tiempo para borrar por severidad',
    ackMedian: 'Reconocer (mediana)',
    ackP90: 'Reconocer (p90)',
    clearMedian: 'Borrar (mediana)',
    clearP90: 'Borrar (p90)',
    ackCleared: '{{acknowledged}} recon. · {{cleared}} borradas',
  },
};

import type { Locale } from '@rcm/shared/locale';

const en: {
  title: string;
  note: string;
  within: string;
  outside: string;
  perLocation: string;
  notApplicable: string;
  floodValue: (percent: string, periods: number) => string;
  all: string;
  facts: {
    alarms: string;
    perHour: (n: number) => string;
    perDay: string;
    peak: (n: number) => string;
    flood: (n: number) => string;
    top10: (n: number) => string;
    chattering: string;
    standing: (n: number) => string;
    shelved: string;
    suppressed: string;
    ack10: string;
  };
  suppressedValue: (n: number, hours: string) => string;
  badActors: string;
  chatteringHeading: string;
  standingHeading: string;
  byLocation: string;
  conditionCols: string[];
  standingCols: string[];
  figureCols: string[];
} = {
  title: 'Alarm management',
  note: "Judged against ISA-18.2 / IEC 62682 and EEMUA 191. Rates, the busiest 10 minutes and floods are judged per location (one operator position); for all locations the busiest location's 10 minutes count. The top-10 share needs more than 10 distinct alarms. Suppressed alarms (maintenance windows) are counted apart.",
  within: '(within)',
  outside: '(out of bounds)',
  perLocation: '(judged per location)',
  notApplicable: 'not applicable: 10 or fewer distinct alarms',
  floodValue: (percent, periods) => `${percent} (${periods === 1 ? '1 period' : `${periods} periods`} of 10 minutes)`,
  all: 'All locations',
  facts: {
    alarms: 'Alarms raised',
    perHour: (n: number) => `Alarms per hour (manageable: about ${n})`,
    perDay: 'Alarms per day',
    peak: (n: number) => `Most alarms in 10 minutes (flood: more than ${n})`,
    flood: (n: number) => `Time in flood, % of 10-minute periods (at most ${n} %)`,
    top10: (n: number) => `Share of the 10 most frequent alarms, % (under ${n} %)`,
    chattering: 'Chattering alarms (none)',
    standing: (n: number) => `Standing alarms, active over 24 hours (fewer than ${n})`,
    shelved: 'Time shelved (hours)',
    suppressed: 'Suppressed by maintenance windows',
    ack10: 'Acknowledged within 10 minutes',
  },
  suppressedValue: (n: number, hours: string) => `${n === 1 ? '1 alarm' : `${n} alarms`}, ${hours} hours`,
  badActors: 'The 10 most frequent alarms',
  chatteringHeading: 'Chattering alarms',
  standingHeading: 'Standing alarms',
  byLocation: 'By location',
  conditionCols: ['Alarm', 'Controller', 'Location', 'Point', 'Alarms', 'Share (%)'],
  standingCols: ['Ref #', 'Alarm', 'Controller', 'Location', 'Raised', 'Hours active'],
  figureCols: [
    'Location',
    'Alarms',
    'Per hour',
    'Most in 10 min',
    'Flood (%)',
    'Top 10 (%)',
    'Chattering',
    'Standing',
    'Shelved (h)',
    'Suppressed',
    'Ack. in 10 min (%)',
  ],
};

const es: typeof en = {
  title: 'Gestión de alarmas',
  note: 'Evaluado según ISA-18.2 / IEC 62682 y EEMUA 191. Las tasas, los 10 minutos más cargados y las avalanchas se evalúan por ubicación (un puesto de operador); para todas las ubicaciones cuentan los 10 minutos de la ubicación más cargada. La participación de las 10 más frecuentes requiere más de 10 alarmas distintas. Las alarmas suprimidas (ventanas de mantenimiento) se cuentan aparte.',
  within: '(dentro)',
  outside: '(fuera de rango)',
  perLocation: '(se evalúa por ubicación)',
  notApplicable: 'no aplica: 10 alarmas distintas o menos',
  floodValue: (percent, periods) => `${percent} (${periods === 1 ? '1 periodo' : `${periods} periodos`} de 10 minutos)`,
  all: 'Todas las ubicaciones',
  facts: {
    alarms: 'Alarmas generadas',
    perHour: (n) => `Alarmas por hora (manejable: alrededor de ${n})`,
    perDay: 'Alarmas por día',
    peak: (n) => `Máximo de alarmas en 10 minutos (avalancha: más de ${n})`,
    flood: (n) => `Tiempo en avalancha, % de periodos de 10 minutos (a lo más ${n} %)`,
    top10: (n) => `Participación de las 10 alarmas más frecuentes, % (menos de ${n} %)`,
    chattering: 'Alarmas intermitentes (ninguna)',
    standing: (n) => `Alarmas permanentes, activas más de 24 horas (menos de ${n})`,
    shelved: 'Tiempo pospuestas (horas)',
    suppressed: 'Suprimidas por ventanas de mantenimiento',
    ack10: 'Reconocidas en 10 minutos o menos',
  },
  suppressedValue: (n, hours) => `${n === 1 ? '1 alarma' : `${n} alarmas`}, ${hours} horas`,
  badActors: 'Las 10 alarmas más frecuentes',
  chatteringHeading: 'Alarmas intermitentes',
  standingHeading: 'Alarmas permanentes',
  byLocation: 'Por ubicación',
  conditionCols: ['Alarma', 'Controlador', 'Ubicación', 'Punto', 'Alarmas', 'Participación (%)'],
  standingCols: ['Ref. #', 'Alarma', 'Controlador', 'Ubicación', 'Generada', 'Horas activa'],
  figureCols: [
    'Ubicación',
    'Alarmas',
    'Por hora',
    'Máx. en 10 min',
    'Avalancha (%)',
    'Top 10 (%)',
    'Intermitentes',
    'Permanentes',
    'Pospuestas (h)',
    'Suprimidas',
    'Recon. en 10 min (%)',
  ],
};

export const MANAGEMENT_LABELS: Record<Locale, typeof en> = { 'en-US': en, 'es-MX': es };

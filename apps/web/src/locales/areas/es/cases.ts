import type { Widen } from '../../types.ts';
import type { en } from '../en/cases.ts';

/** Inteligencia de vitrinas: reglas con deshielo, sonda de producto, gráfica del punto y reporte de desempeño. */
export const es: Widen<typeof en> = {
  editor: {
    legend: 'Deshielo y temperatura de producto',
    hint: 'Para puntos de temperatura: mientras una vitrina está en deshielo y durante la recuperación posterior esta alarma no se evalúa (la recuperación termina antes si la vitrina no se enfría después del deshielo o, sin sonda de producto, cuando el aire vuelve dentro del límite); con sonda de producto el límite se evalúa sobre una temperatura de producto simulada (la temperatura del aire amortiguada por la constante de tiempo), así que abrir una puerta o un calentamiento breve no la activan.',
    recovery: 'Recuperación tras el deshielo (minutos)',
    probe: 'Constante de tiempo de la sonda de producto (minutos)',
    probeHint: 'Vacío: se evalúa con la temperatura del aire. De 5 a 240 minutos.',
  },
  chart: {
    air: 'Aire',
    product: 'Producto',
    defrost: 'Deshielo',
    defrosts_one: '{{count}} periodo de deshielo sombreado',
    defrosts_other: '{{count}} periodos de deshielo sombreados',
  },
  report: {
    title: 'Desempeño de vitrinas',
    description:
      'Por vitrina: tiempo en rango sin deshielos, deshielos por día y su duración, aperturas de puerta, alarmas de temperatura generadas y las que retuvieron las reglas de deshielo y de producto.',
    overall: 'Todas las vitrinas',
    location: 'Ubicación',
    case: 'Vitrina',
    controller: 'Controlador',
    timeInRange: 'Tiempo en rango',
    timeInRangeHint: 'Parte del tiempo observado, sin los deshielos ni su recuperación',
    observed:
      'El tiempo en rango y fuera de rango, los deshielos y las aperturas de puerta cubren lo que observó el motor de alarmas: del {{from}} al {{to}}, {{observed}} de las {{logged}} horas registradas.',
    notObserved:
      'El motor de alarmas no observó ninguna de las {{logged}} horas registradas: no se conocen para ellas el tiempo en rango, los deshielos ni las aperturas de puerta.',
    haccpHint:
      'Las horas sobre el límite ({{limit}}) y las desviaciones son las de la bitácora HACCP, de las máximas por hora de los mismos días; las de un deshielo o su recuperación se cuentan aparte.',
    observedLogged: 'Horas observadas / registradas',
    outOfRange: 'Fuera de rango h',
    hoursAbove: 'Horas sobre el límite',
    aboveInDefrost: 'Sobre el límite, en deshielo',
    excursions: 'Desviaciones',
    defrostsPerDay: 'Deshielos por día observado',
    avgDefrost: 'Deshielo promedio',
    longestDefrost: 'Deshielo más largo',
    doorOpenings: 'Aperturas de puerta',
    alarmsRaised: 'Alarmas de temperatura',
    heldDefrost: 'Retenidas por deshielo',
    heldProduct: 'Retenidas por sonda de producto',
    cases_one: '{{count}} vitrina',
    cases_other: '{{count}} vitrinas',
    perLocation: 'Por ubicación',
    noData: 'Ninguna vitrina reportó en este rango.',
  },
};

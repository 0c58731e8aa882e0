import { describe, expect, it } from 'vitest';
import {
  deviceReasons,
  metricLabel,
  offlineReasons,
  pointLabel,
  statusReasons,
  subjectLabel,
  thresholdReasons,
} from './reasons.ts';

const lowSuperheat = {
  name: 'Low superheat (floodback risk)',
  nameEs: 'Sobrecalentamiento bajo (riesgo de retorno de líquido)',
  comparator: 'lt' as const,
  threshold: 3,
};

describe('alarm reasons in both languages', () => {
  it('names a rack metric in each language and says which side of the threshold the value is', () => {
    expect(thresholdReasons(lowSuperheat, metricLabel('A', 'superheat'), 2.1, 'K')).toEqual({
      reason: 'Low superheat (floodback risk): Rack A superheat 2.1 K below 3 K',
      reasonEs:
        'Sobrecalentamiento bajo (riesgo de retorno de líquido): Rack A sobrecalentamiento 2.1 K por debajo de 3 K',
    });
    const high = {
      name: 'High suction pressure',
      nameEs: 'Presión de succión alta',
      comparator: 'gt' as const,
      threshold: 60,
    };
    expect(thresholdReasons(high, pointLabel('Suction Pressure'), 64.5, 'psig').reasonEs).toBe(
      'Presión de succión alta: Suction Pressure 64.5 psig por encima de 60 psig',
    );
    // A metric the protocol does not name is shown as sent; a rule without a Spanish name keeps its own.
    expect(thresholdReasons({ ...high, nameEs: undefined }, metricLabel('B', 'fan_speed'), 10).reasonEs).toBe(
      'High suction pressure: Rack B fan speed 10 por encima de 60',
    );
  });

  it('translates a point status, keeps a device’s own text, and says how long a controller has been silent', () => {
    const manual = { name: 'Rack manually on', nameEs: 'Rack encendido manualmente' };
    expect(statusReasons(manual, pointLabel('Compressor 1'), 'A.COMP1', 'manual_on')).toEqual({
      reason: 'Rack manually on: Compressor 1 (A.COMP1) reports manually on',
      reasonEs: 'Rack encendido manualmente: Compressor 1 (A.COMP1) informa encendido manual',
    });
    const proof = { name: 'Compressor proof failure', nameEs: 'Falla de comprobación del compresor' };
    expect(deviceReasons(proof, 'COMP_PROOF', 'no current on C2').reasonEs).toBe(
      'Falla de comprobación del compresor: no current on C2',
    );
    expect(deviceReasons(proof, 'COMP_PROOF')).toEqual({
      reason: 'Compressor proof failure (COMP_PROOF)',
      reasonEs: 'Falla de comprobación del compresor (COMP_PROOF)',
    });
    expect(offlineReasons({ name: 'Controller offline', nameEs: 'Controlador fuera de línea' }, 10)).toEqual({
      reason: 'Controller offline: no message for more than 10 min',
      reasonEs: 'Controlador fuera de línea: sin mensajes por más de 10 min',
    });
  });

  it('names an alarm’s subject in words: a rack metric, a point by its name (else its address), the controller', () => {
    expect(subjectLabel('A:oil_pressure', null)).toEqual({ en: 'Rack A oil pressure', es: 'Rack A presión de aceite' });
    expect(subjectLabel('A.CASE3', 'Dairy case 3')).toEqual({ en: 'Dairy case 3', es: 'Dairy case 3' });
    expect(subjectLabel('A.CASE3', null)).toEqual({ en: 'A.CASE3', es: 'A.CASE3' });
    expect(subjectLabel('controller', null)).toEqual({ en: 'Controller', es: 'Controlador' });
  });
});

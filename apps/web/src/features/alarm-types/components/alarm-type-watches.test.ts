import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogsI18n } from '@/test/catalogs.ts';
import { watchesLabel } from './alarm-type-watches.ts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await catalogsI18n();
});

// Every source/match the demo's alarm types use, and a metric no catalog names.
const TYPES = [
  ['metric', 'oil_pressure'],
  ['trend', 'liquid_level'],
  ['status', 'manual_on'],
  ['status', 'fault'],
  ['offline', 'offline'],
  ['point', 'CASE*'],
  ['cycling', 'COMP*'],
  ['defrost', '*'],
  ['device', 'COMP_PROOF'],
  ['device', '*'],
  ['metric', 'fan_speed'],
] as const;

describe('what an alarm type watches, in words', () => {
  it('says it in English', () => {
    const t = i18n.getFixedT('en-US');
    expect(TYPES.map(([source, match]) => watchesLabel({ source, match }, t))).toEqual([
      'Rack metric: Oil pressure',
      'Trend of the rack metric: Liquid level',
      'Point status: Manually on',
      'Point status: Fault',
      'The controller going silent',
      'Points CASE*',
      'Starts of COMP*',
      'Defrost of every case',
      'Device alarm COMP_PROOF',
      'Any device alarm',
      'Rack metric: fan speed',
    ]);
  });

  it('says it in Spanish, with no protocol code (snake_case) left', () => {
    const t = i18n.getFixedT('es-MX');
    const labels = TYPES.map(([source, match]) => watchesLabel({ source, match }, t));
    expect(labels.slice(0, 3)).toEqual([
      'Métrica del rack: Presión de aceite',
      'Tendencia de la métrica del rack: Nivel de líquido',
      'Estado del punto: Encendido manual',
    ]);
    for (const label of labels) expect(label).not.toMatch(/\b[a-z]+_[a-z_]+\b|settings\.alarmTypes/);
  });
});

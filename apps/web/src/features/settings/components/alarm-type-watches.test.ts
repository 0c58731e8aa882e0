import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { enUS } from '../../../locales/en-US.ts';
import { enUSApp } from '../../../locales/en-US-app.ts';
import { esMX } from '../../../locales/es-MX.ts';
import { esMXApp } from '../../../locales/es-MX-app.ts';
import { watchesLabel } from './alarm-type-watches.ts';

let i18n: typeof i18next;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.init({
    resources: {
      'en-US': { translation: { ...enUS, ...enUSApp } },
      'es-MX': { translation: { ...esMX, ...esMXApp } },
    },
    lng: 'en-US',
    interpolation: { escapeValue: false },
  });
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

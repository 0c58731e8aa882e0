import type { TFunction } from 'i18next';

/**
 * What an alarm type's rule watches, in words: `metric` `oil_pressure` is "Rack metric: Oil
 * pressure", `status` `manual_on` is "Point status: Manually on". Patterns and device codes (`CASE*`,
 * `COMP_PROOF`) are the rule's own text and stay as written.
 */
export function watchesLabel(a: { source: string; match: string }, t: TFunction): string {
  const w = (key: string, value?: string) => t(`settings.alarmTypes.watches.${key}`, { value });
  switch (a.source) {
    case 'metric':
      return w('metric', t(`alarmView.metric_${a.match}`, { defaultValue: a.match.replaceAll('_', ' ') }));
    case 'trend':
      return w('trend', t(`alarmView.metric_${a.match}`, { defaultValue: a.match.replaceAll('_', ' ') }));
    case 'status':
      return w('status', t(`controllers.pointStatus_${a.match}`, { defaultValue: a.match.replaceAll('_', ' ') }));
    case 'offline':
      return w('offline');
    case 'point':
    case 'cycling':
    case 'defrost':
    case 'device':
      return a.match === '*' ? w(`${a.source}Any`) : w(a.source, a.match);
    default:
      return `${a.source}: ${a.match}`;
  }
}

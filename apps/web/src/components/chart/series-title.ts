/** What a chart's title needs of the translator. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A chart's title: a rack metric by its name ("Superheat"), a point by the name the controller gives it
 * ("Case 1 Temperature"; its address only when it has none), with its rack in front when asked
 * ("Rack B · Case 1 Temperature"), since cases of different racks share names.
 */
export function seriesTitle(series: { key: string; name?: string | null }, t: Translate, withRack: boolean): string {
  const metric = series.key.includes(':');
  const [rack = ''] = series.key.split(metric ? ':' : '.');
  const label = metric
    ? t(`alarmView.metric_${series.key.split(':')[1] ?? 'point'}`, { key: series.key })
    : (series.name ?? t('alarmView.metric_point', { key: series.key }));
  return withRack && rack ? `${t('controllers.rack', { ref: rack })} · ${label}` : label;
}

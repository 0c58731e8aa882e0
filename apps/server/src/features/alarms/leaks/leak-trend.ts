/**
 * Refrigerant leak detection from a receiver's liquid level, as pure functions over a small per-rack
 * state. Readings are bucketed by their own hour (a controller that uploads buffered hours counts
 * them where they belong); each hour is summarized by its median (robust to ±3 %-point noise and to
 * a defrost dip shorter than half an hour), and the trend is the Theil–Sen slope (the median of the
 * slopes between every pair of hours) of the last 24 hours: a few hours pulled down by defrost or a
 * bad sensor move it little. A leak is suspected when the level falls at least 2 %-points a day over
 * the 24 hours, surely (the 95 % interval's upper end at most −1 %-point a day: noise alone does not
 * pass) and in each 12-hour half (a fall, not one step down), at three hourly judgements in a row;
 * it is over once the 24-hour slope is above −1 %-point a day. Nothing is judged before 18 of the
 * 24 hours have readings. The state is bounded: at most 25 hours of at most 32 values each.
 */

export const LEAK_TREND = {
  windowHours: 24,
  /** The 24 h slope (%-points per day) at or below which a leak is suspected… */
  raisePerDay: 2,
  /** …when the fall is also sure (the upper end of its 95 % interval is at most this)… */
  surePerDay: 1,
  /** The interval's z: 1.96 is 95 %. */
  sureZ: 1.96,
  /** Consecutive hourly judgements that must find the fall before it is raised. */
  sustainHours: 3,
  /** …and each 12 h half falls too (a fall, not one step down). */
  halfPerDay: 1,
  /** The trend is over (the alarm clears) above this slope. */
  clearPerDay: 1,
  /** Hours with readings the 24 h window needs (and 5 in each half). */
  minHours: 18,
  samplesPerHour: 32,
} as const;

const HOUR_MS = 3_600_000;

type Hour = { hour: number; values: number[]; stride: number; seen: number };

export type LevelTrend = {
  /** Oldest first; only hours within the window behind the newest. */
  hours: Hour[];
  /** The newest hour with a reading (hours since the epoch). */
  newest: number;
  /** How many hourly judgements in a row found the level falling. */
  streak: number;
};

export const emptyTrend = (): LevelTrend => ({ hours: [], newest: Number.NEGATIVE_INFINITY, streak: 0 });

/** Keeps every `stride`-th value of an hour; when full, drops every other value and doubles the stride. */
function addToHour(h: Hour, value: number): void {
  if (h.seen++ % h.stride !== 0) return;
  h.values.push(value);
  if (h.values.length >= LEAK_TREND.samplesPerHour) {
    h.values = h.values.filter((_, i) => i % 2 === 0);
    h.stride *= 2;
  }
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * Adds one reading. Returns true when its hour is newer than any before (the previous hours are then
 * complete and the trend is worth evaluating); a reading too old for the window changes nothing.
 */
export function observeLevel(trend: LevelTrend, at: number, value: number): boolean {
  const hour = Math.floor(at / HOUR_MS);
  if (hour <= trend.newest - LEAK_TREND.windowHours) return false;
  const advanced = hour > trend.newest;
  if (advanced) {
    trend.newest = hour;
    const oldest = hour - LEAK_TREND.windowHours;
    while (trend.hours.length > 0 && (trend.hours[0] as Hour).hour <= oldest) trend.hours.shift();
  }
  let i = trend.hours.length;
  while (i > 0 && (trend.hours[i - 1] as Hour).hour > hour) i--;
  let bucket = trend.hours[i - 1];
  if (!bucket || bucket.hour !== hour) {
    bucket = { hour, values: [], stride: 1, seen: 0 };
    trend.hours.splice(i, 0, bucket);
  }
  addToHour(bucket, value);
  return advanced;
}

/**
 * Theil–Sen slope of (hour, level) points in %-points per day, and the upper end of its 95 %
 * confidence interval (Sen's, by the Mann–Kendall variance): how fast the level falls at least.
 * Null with fewer than two hours.
 */
export function theilSen(points: readonly { x: number; y: number }[]): { slope: number; upper: number } | null {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i] as { x: number; y: number };
      const b = points[j] as { x: number; y: number };
      if (b.x !== a.x) slopes.push((b.y - a.y) / (b.x - a.x));
    }
  }
  if (slopes.length === 0) return null;
  slopes.sort((a, b) => a - b);
  const n = points.length;
  const c = LEAK_TREND.sureZ * Math.sqrt((n * (n - 1) * (2 * n + 5)) / 18);
  const upperRank = Math.min(slopes.length - 1, Math.ceil((slopes.length + c) / 2));
  return { slope: median(slopes) * 24, upper: (slopes[upperRank] as number) * 24 };
}

export type TrendReading = {
  perDay: number;
  upperPerDay: number;
  firstHalf: number;
  secondHalf: number;
  hours: number;
};

/** The trend over the complete hours of the window (the newest hour is still filling). */
export function readTrend(trend: LevelTrend): TrendReading | null {
  const end = trend.newest;
  const start = end - LEAK_TREND.windowHours;
  const points = trend.hours
    .filter((h) => h.hour >= start && h.hour < end && h.values.length > 0)
    .map((h) => ({ x: h.hour, y: median(h.values) }));
  const mid = start + LEAK_TREND.windowHours / 2;
  const first = points.filter((p) => p.x < mid);
  const second = points.filter((p) => p.x >= mid);
  if (points.length < LEAK_TREND.minHours || first.length < 5 || second.length < 5) return null;
  const all = theilSen(points);
  const a = theilSen(first);
  const b = theilSen(second);
  if (!all || !a || !b) return null;
  return { perDay: all.slope, upperPerDay: all.upper, firstHalf: a.slope, secondHalf: b.slope, hours: points.length };
}

/**
 * Whether the window's fall passes the rule: at least `raisePerDay` over 24 hours, surely (the upper
 * end of the 95 % interval), and in each 12-hour half. Another rate (the alarm type's threshold)
 * scales the other limits with it.
 */
export function isFalling(reading: TrendReading, raisePerDay: number = LEAK_TREND.raisePerDay): boolean {
  const scale = raisePerDay / LEAK_TREND.raisePerDay;
  return (
    reading.perDay <= -raisePerDay &&
    reading.upperPerDay <= -LEAK_TREND.surePerDay * scale &&
    reading.firstHalf <= -LEAK_TREND.halfPerDay * scale &&
    reading.secondHalf <= -LEAK_TREND.halfPerDay * scale
  );
}

/**
 * The hourly judgement, given whether a leak is already suspected (its alarm is open): 'raise' once
 * the fall has held for `sustainHours` judgements in a row, 'clear' when a suspected leak's 24-hour
 * slope is back above −1 %-point a day, null otherwise. Updates the trend's streak.
 */
export function judgeTrend(
  trend: LevelTrend,
  suspected: boolean,
  reading: TrendReading | null,
  raisePerDay: number = LEAK_TREND.raisePerDay,
): 'raise' | 'clear' | null {
  if (!reading) {
    trend.streak = 0;
    return null;
  }
  trend.streak = isFalling(reading, raisePerDay) ? trend.streak + 1 : 0;
  if (!suspected && trend.streak >= LEAK_TREND.sustainHours) return 'raise';
  const scale = raisePerDay / LEAK_TREND.raisePerDay;
  if (suspected && reading.perDay > -LEAK_TREND.clearPerDay * scale) return 'clear';
  return null;
}

/**
 * Seeds an hour from stored history (its median), in time order, when the process first sees a
 * rack: the streak is counted as the hours pass, so a fall the history already shows is raised at the
 * first judgement of live readings.
 */
export function seedHour(trend: LevelTrend, hour: number, medianValue: number, raisePerDay?: number): void {
  if (!observeLevel(trend, hour * HOUR_MS, medianValue)) return;
  const reading = readTrend(trend);
  trend.streak = reading && isFalling(reading, raisePerDay) ? trend.streak + 1 : 0;
}

/** The Theil–Sen line through the window's hourly medians, for a chart: its ends and slope. */
export function fittedLine(trend: LevelTrend) {
  const reading = readTrend(trend);
  if (!reading) return null;
  const end = trend.newest;
  const start = end - LEAK_TREND.windowHours;
  const points = trend.hours
    .filter((h) => h.hour >= start && h.hour < end && h.values.length > 0)
    .map((h) => ({ x: h.hour, y: median(h.values) }));
  const perHour = reading.perDay / 24;
  const intercept = median(points.map((p) => p.y - perHour * p.x));
  return {
    reading,
    from: { hour: start, level: intercept + perHour * start },
    to: { hour: end, level: intercept + perHour * end },
  };
}

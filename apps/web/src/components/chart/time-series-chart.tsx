import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { timeTickLabels, valueTickLabels } from './axis-format.ts';
import { layoutMarkerLabels } from './marker-layout.ts';

export type Marker = { at: number; label: string; color: string };

/** Two series at their own times as uPlot's aligned columns (null where a series has no value). */
function joined(a: [number, number][], b: [number, number][]): uPlot.AlignedData {
  const times = [...new Set([...a.map((p) => p[0]), ...b.map((p) => p[0])])].sort((x, y) => x - y);
  const ma = new Map(a);
  const mb = new Map(b);
  return [times.map((t) => t / 1000), times.map((t) => ma.get(t) ?? null), times.map((t) => mb.get(t) ?? null)];
}

/** A `#rrggbb` colour halfway to white: marker colours made for a light plot, readable on a dark one. */
function lighten(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  return `#${m
    .slice(1)
    .map((c) =>
      Math.round((Number.parseInt(c, 16) + 255) / 2)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * One series over time (uPlot), with vertical markers (an alarm's raise and clear) whose labels never
 * print over each other, and axes in the reader's language. Times in ms. The caller supplies a text
 * alternative; the canvas itself is decorative for assistive tech.
 */
export function TimeSeriesChart(props: {
  points: [number, number][];
  label: string;
  unit: string | null;
  markers: Marker[];
  color?: string;
  height?: number;
  /** The time range asked for (ms): the axis shows it whole, however few points there are. */
  range: { from: number; to: number };
  /** A straight line drawn over the series (a fitted trend), from and to `[ms, value]`. */
  line?: { from: [number, number]; to: [number, number]; color: string };
  /** A second series on the same axis (a case's product temperature beside its air), at its own times. */
  second?: { points: [number, number][]; label: string; color: string };
  /** Periods shaded behind the series (a case's defrosts), in ms; `to` null: still going on. */
  bands?: { from: number; to: number | null }[];
}) {
  const host = useRef<HTMLDivElement>(null);
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const { points, label, unit, markers, color, height, line, second, bands } = props;
  const { from, to } = props.range;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const dark = document.documentElement.classList.contains('dark');
    const axisStroke = dark ? '#cbd5e1' : '#334155';
    const grid = { stroke: dark ? '#334155' : '#e2e8f0', width: 1 };
    const data: uPlot.AlignedData = second
      ? joined(points, second.points)
      : [points.map((p) => p[0] / 1000), points.map((p) => p[1])];
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: height ?? 180,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true, range: () => [from / 1000, to / 1000] } },
        axes: [
          {
            stroke: axisStroke,
            grid,
            // Room for "12 p.m." and a date under it between ticks.
            space: 70,
            values: (_u, splits, _axis, _space, incr) => timeTickLabels(splits, incr, locale),
          },
          {
            stroke: axisStroke,
            grid,
            label: unit ?? undefined,
            size: 60,
            values: (_u, splits) => valueTickLabels(splits, locale),
          },
        ],
        series: [
          {},
          // Two series at their own times leave each other's instants empty: those are joined over.
          { label, stroke: color ?? (dark ? '#60a5fa' : '#1d4ed8'), width: 2, spanGaps: second !== undefined },
          ...(second ? [{ label: second.label, stroke: second.color, width: 2, dash: [6, 3], spanGaps: true }] : []),
        ],
        hooks: {
          drawClear: [
            (u) => {
              if (!bands?.length) return;
              const ctx = u.ctx;
              ctx.save();
              ctx.fillStyle = dark ? 'rgba(56, 189, 248, 0.18)' : 'rgba(14, 165, 233, 0.14)';
              for (const b of bands) {
                const x0 = Math.max(u.bbox.left, u.valToPos(b.from / 1000, 'x', true));
                const x1 = Math.min(u.bbox.left + u.bbox.width, u.valToPos((b.to ?? to) / 1000, 'x', true));
                if (x1 > x0) ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
              }
              ctx.restore();
            },
          ],
          draw: [
            (u) => {
              const ctx = u.ctx;
              if (line) {
                ctx.save();
                ctx.beginPath();
                ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
                ctx.clip();
                ctx.strokeStyle = line.color;
                ctx.setLineDash([8, 4]);
                ctx.lineWidth = 2 * devicePixelRatio;
                ctx.beginPath();
                ctx.moveTo(u.valToPos(line.from[0] / 1000, 'x', true), u.valToPos(line.from[1], 'y', true));
                ctx.lineTo(u.valToPos(line.to[0] / 1000, 'x', true), u.valToPos(line.to[1], 'y', true));
                ctx.stroke();
                ctx.restore();
              }
              const px = devicePixelRatio;
              const shown = markers
                .map((m) => ({ m, x: u.valToPos(m.at / 1000, 'x', true) }))
                .filter(({ x }) => x >= u.bbox.left && x <= u.bbox.left + u.bbox.width);
              ctx.save();
              ctx.font = `${12 * px}px sans-serif`;
              const placed = layoutMarkerLabels(
                shown.map(({ m, x }) => ({ x, width: ctx.measureText(m.label).width })),
                { left: u.bbox.left, right: u.bbox.left + u.bbox.width },
                4 * px,
              );
              shown.forEach(({ m, x }, i) => {
                const color = dark ? lighten(m.color) : m.color;
                ctx.strokeStyle = color;
                ctx.setLineDash([6, 4]);
                ctx.lineWidth = 2;
                ctx.beginPath();
                ctx.moveTo(x, u.bbox.top);
                ctx.lineTo(x, u.bbox.top + u.bbox.height);
                ctx.stroke();
                const at = placed[i];
                if (!at) return;
                const y = u.bbox.top + (14 + at.row * 15) * px;
                // A backing of the plot's colour keeps the label readable over the series.
                ctx.fillStyle = dark ? '#0f172a' : '#ffffff';
                ctx.fillRect(at.left - 2 * px, y - 12 * px, at.width + 4 * px, 15 * px);
                ctx.fillStyle = color;
                ctx.textAlign = 'left';
                ctx.fillText(m.label, at.left, y);
              });
              ctx.restore();
            },
          ],
        },
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: height ?? 180 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, label, unit, markers, color, height, from, to, line, second, bands, locale]);

  return <div ref={host} aria-hidden="true" className="w-full" />;
}

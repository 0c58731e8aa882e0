import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type Marker = { at: number; label: string; color: string };

/**
 * One series over time (uPlot), with vertical markers (an alarm's raise and clear). Times in ms.
 * The caller supplies a text alternative; the canvas itself is decorative for assistive tech.
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
}) {
  const host = useRef<HTMLDivElement>(null);
  const { points, label, unit, markers, color, height, line } = props;
  const { from, to } = props.range;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const dark = document.documentElement.classList.contains('dark');
    const axisStroke = dark ? '#cbd5e1' : '#334155';
    const grid = { stroke: dark ? '#334155' : '#e2e8f0', width: 1 };
    const data: uPlot.AlignedData = [points.map((p) => p[0] / 1000), points.map((p) => p[1])];
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: height ?? 180,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true, range: () => [from / 1000, to / 1000] } },
        axes: [
          { stroke: axisStroke, grid },
          { stroke: axisStroke, grid, label: unit ?? undefined, size: 60 },
        ],
        series: [{}, { label, stroke: color ?? '#1d4ed8', width: 2, spanGaps: false }],
        hooks: {
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
              for (const m of markers) {
                const x = u.valToPos(m.at / 1000, 'x', true);
                if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) continue;
                ctx.save();
                ctx.strokeStyle = m.color;
                ctx.setLineDash([6, 4]);
                ctx.lineWidth = 2;
                ctx.beginPath();
                ctx.moveTo(x, u.bbox.top);
                ctx.lineTo(x, u.bbox.top + u.bbox.height);
                ctx.stroke();
                ctx.fillStyle = m.color;
                ctx.font = `${12 * devicePixelRatio}px sans-serif`;
                ctx.textAlign = 'left';
                ctx.fillText(m.label, x + 4 * devicePixelRatio, u.bbox.top + 14 * devicePixelRatio);
                ctx.restore();
              }
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
  }, [points, label, unit, markers, color, height, from, to, line]);

  return <div ref={host} aria-hidden="true" className="w-full" />;
}

// The studio's chart of plays and listeners per day, drawn by uPlot: about 20 KB gzip, canvas-drawn (a year
// of days stays fast on a phone), no dependencies, and kept up; it is loaded with this module only, when the
// studio draws its first chart, never in the first screen.
import "uplot/dist/uPlot.min.css";
import uPlot from "uplot";
import { useEffect, useRef } from "react";
import type { StatsDayDto } from "@purplebeats/contracts/schemas";
import classes from "./Studio.module.css";

const HEIGHT = 180;
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 100_000, 1_000_000];

/** A CSS colour (a theme variable) as the canvas can use it: resolved by the browser on a probe element. */
function resolvedColor(host: HTMLElement, css: string, fallback: string): string {
  const probe = document.createElement("span");
  probe.style.color = css;
  host.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color || fallback;
}

export default function PlaysChart({
  daily,
  labels,
  locale,
  summary,
}: {
  daily: StatsDayDto[];
  labels: { plays: string; listeners: string };
  locale: string;
  /** What the chart shows, in words, for a screen reader. */
  summary: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = box.current;
    // Without a 2D canvas (a browser with canvas drawing off) the chart's words stand alone.
    if (!host || !document.createElement("canvas").getContext("2d")) return;
    const primary = resolvedColor(host, "var(--mantine-primary-color-filled)", "rgb(124, 77, 255)");
    const dimmed = resolvedColor(host, "var(--mantine-color-dimmed)", "rgb(134, 142, 150)");
    const dayFormat = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
    const data: uPlot.AlignedData = [
      daily.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
      daily.map((day) => day.plays),
      daily.map((day) => day.listeners),
    ];
    const axis = { stroke: dimmed, grid: { stroke: "rgba(128, 128, 128, 0.15)" }, ticks: { show: false } };
    const plot = new uPlot(
      {
        width: host.clientWidth || 320,
        height: HEIGHT,
        // The days are UTC days (the server counts them so): shown as such, whatever the phone's zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        fmtDate: () => (date) => dayFormat.format(date),
        // uPlot's own legend names the x axis 'Time' in English: the studio draws the series' names itself.
        legend: { show: false },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        series: [
          {},
          { label: labels.plays, stroke: primary, width: 2, points: { show: false } },
          { label: labels.listeners, stroke: dimmed, width: 1.5, dash: [4, 4], points: { show: false } },
        ],
        axes: [
          axis,
          // Plays and listeners are whole numbers: no tick between 0 and 1.
          {
            ...axis,
            incrs: WHOLE_STEPS,
            values: (_u, ticks) => ticks.map((tick) => tick.toLocaleString(locale)),
          },
        ],
      },
      data,
      host,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: host.clientWidth, height: HEIGHT }));
    resize.observe(host);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [daily, labels.plays, labels.listeners, locale]);
  return (
    <figure className={classes.chartFigure}>
      <div ref={box} role="img" aria-label={summary} data-testid="studio-chart" />
      <figcaption className={classes.legend} aria-hidden="true">
        <span className={classes.playsKey}>{labels.plays}</span>
        <span className={classes.listenersKey}>{labels.listeners}</span>
      </figcaption>
    </figure>
  );
}

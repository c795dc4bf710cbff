import { scaleBand, scaleLinear } from 'd3-scale';
import type { ChartCategory } from './model';

/**
 * The frame every chart draws in: a fixed viewBox the SVG scales to its container's width, a
 * linear money axis with "nice" ticks from d3-scale, and a band per category. Rendered on the
 * server: d3-scale computes positions there and no chart code reaches the browser.
 */
export const WIDTH = 480;
export const HEIGHT = 220;
// The right margin holds half of the last category's label: a line chart's last point sits on the
// plot's edge, and its centred label ("Dec 2027") was cut off at a margin of 8.
const MARGIN = { top: 10, right: 28, bottom: 26, left: 56 } as const;
const PLOT = {
  left: MARGIN.left,
  right: WIDTH - MARGIN.right,
  top: MARGIN.top,
  bottom: HEIGHT - MARGIN.bottom,
} as const;

const tickFormats = new Map<string, Intl.NumberFormat>();

/** Tick labels are round numbers the scale chose, not amounts: compact currency ("€12K") keeps them short. */
function tickFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = tickFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        notation: 'compact',
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      });
    } catch {
      format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    }
    tickFormats.set(key, format);
  }
  return format;
}

export function valueScale(min: number, max: number) {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  return scaleLinear()
    .domain([low, high === low ? low + 1 : high])
    .nice(5)
    .range([PLOT.bottom, PLOT.top]);
}

export type ValueScale = ReturnType<typeof valueScale>;

export function bandScale(categories: readonly ChartCategory[], padding = 0.2) {
  return scaleBand<string>()
    .domain(categories.map((category) => category.key))
    .range([PLOT.left, PLOT.right])
    .paddingInner(padding)
    .paddingOuter(padding / 2);
}

/** Horizontal grid lines with their tick labels, and the zero line drawn darker. */
export function ValueAxis({ y, currency, locale }: { y: ValueScale; currency: string; locale: string }) {
  const format = tickFormat(currency, locale);
  return (
    <g className="text-muted-foreground">
      {y.ticks(5).map((tick) => (
        <g key={tick} transform={`translate(0,${y(tick)})`}>
          <line
            x1={PLOT.left}
            x2={PLOT.right}
            stroke="currentColor"
            strokeOpacity={tick === 0 ? 0.6 : 0.15}
          />
          <text x={PLOT.left - 6} dy="0.32em" textAnchor="end" fontSize={11} fill="currentColor">
            {format.format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Category labels under the plot; with many categories only every n-th is written, so none overlap. */
export function CategoryAxis({
  categories,
  x,
}: {
  categories: readonly ChartCategory[];
  x: (key: string) => number | undefined;
}) {
  const every = Math.max(1, Math.ceil(categories.length / 8));
  return (
    <g className="text-muted-foreground">
      {categories.map((category, index) => {
        const position = x(category.key);
        if (position === undefined || index % every !== 0) return null;
        return (
          <text
            key={category.key}
            x={position}
            y={PLOT.bottom + 18}
            textAnchor="middle"
            fontSize={11}
            fill="currentColor"
          >
            {category.axisLabel ?? category.label}
          </text>
        );
      })}
    </g>
  );
}

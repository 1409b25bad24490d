import type { CSSProperties } from 'react';
import classes from './bar-chart.module.css';

/** One figure of every row: its name in the rows, its legend's label, its Mantine colour. */
export interface BarSeries<Name extends string> {
  name: Name;
  label: string;
  /** A theme colour and shade: 'blue.6'. */
  color: string;
}

type Row<Name extends string> = { label: string } & Record<Name, number>;

/** The room left beside the longest bar for its figure ('12.345,67 ha'). */
const FIGURE_ROOM = '7.5em';

const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** A bar as long as `share` (0–1) of the room the figures leave. */
const length = (share: number): CSSProperties => ({
  width: `calc((100% - ${FIGURE_ROOM}) * ${share})`,
});

/**
 * Horizontal bars, a group per row: a bar per series side by side, or (`stacked`) one bar of
 * every series end to end, each figure written at its bar's end. Plain elements sized by CSS: the
 * server renders them with the page, and they cost the phone nothing to draw (a charting
 * library measured its box after mounting, then drew in one long task). Hidden from screen
 * readers: the table under each chart holds the same figures.
 */
export function BarChart<Name extends string>({
  rows,
  series,
  stacked = false,
  format,
}: {
  rows: readonly Row<Name>[];
  series: readonly BarSeries<Name>[];
  stacked?: boolean;
  format: (value: number) => string;
}) {
  const total = (row: Row<Name>) => series.reduce((sum, { name }) => sum + row[name], 0);
  const longest = Math.max(
    ...rows.flatMap((row) => (stacked ? [total(row)] : series.map(({ name }) => row[name]))),
  );
  const share = (value: number) => (longest > 0 ? value / longest : 0);
  return (
    <div aria-hidden>
      <ul className={classes.legend}>
        {series.map(({ name, label, color }) => (
          <li key={name}>
            <span className={classes.swatch} style={{ background: cssColor(color) }} />
            {label}
          </li>
        ))}
      </ul>
      <div className={classes.rows}>
        {rows.map((row) => (
          <div key={row.label} className={classes.row}>
            <span className={classes.name}>{row.label}</span>
            <div className={classes.bars}>
              {stacked ? (
                <span className={classes.line}>
                  <span
                    className={`${classes.bar} ${classes.stacked}`}
                    style={length(share(total(row)))}
                  >
                    {series.map(({ name, color }) => (
                      <span
                        key={name}
                        className={classes.segment}
                        style={{
                          width: `${total(row) > 0 ? (row[name] / total(row)) * 100 : 0}%`,
                          background: cssColor(color),
                        }}
                      />
                    ))}
                  </span>
                  {format(total(row))}
                </span>
              ) : (
                series.map(({ name, color }) => (
                  <span key={name} className={classes.line}>
                    <span
                      className={classes.bar}
                      style={{ ...length(share(row[name])), background: cssColor(color) }}
                    />
                    {format(row[name])}
                  </span>
                ))
              )}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

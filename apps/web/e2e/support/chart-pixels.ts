import type { Page } from '@playwright/test';

/**
 * What the price chart actually painted, read back from its canvas: for each pixel column of the
 * plot, the top edge of the drawn series (-1 where nothing is drawn). A chart with no data, or only
 * its grid and axes, has coverage 0.
 */
export interface Profile {
  width: number;
  height: number;
  /** y of the series' top edge per column (0 = top of the plot), or -1. */
  tops: number[];
  /** Share of columns where the series is drawn. */
  coverage: number;
}

/**
 * Reads the profile of the chart inside the element with role img (the PriceChart host), or null
 * when it has no canvas yet. The series (line and area fill) is the only strongly blue paint on the
 * plot canvas: grid lines are grey in both themes. A column's top edge is the first blue pixel with
 * blue paint continuing below it, so the thin dashed last-price line, drawn over empty space, is
 * not taken for the series.
 */
export async function chartProfile(page: Page): Promise<Profile | null> {
  return page.evaluate(() => {
    const host = document.querySelector('main [role="img"]');
    const canvases = [...(host?.querySelectorAll('canvas') ?? [])];
    // The plot is the largest canvas; its twin overlay (crosshair) comes after it and stays empty.
    let plot: HTMLCanvasElement | undefined;
    for (const c of canvases) if (!plot || c.width * c.height > plot.width * plot.height) plot = c;
    const ctx = plot?.getContext('2d');
    if (!plot || !ctx || plot.width === 0 || plot.height === 0) return null;
    const { width, height } = plot;
    const data = ctx.getImageData(0, 0, width, height).data;
    const blue = (x: number, y: number) => {
      const i = (y * width + x) * 4;
      const [r = 0, g = 0, b = 0, a = 0] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      return a > 0 && b - r > 60 && b - g > 60;
    };
    const RUN = 6;
    const tops: number[] = [];
    for (let x = 0; x < width; x++) {
      let top = -1;
      for (let y = 0; y + RUN < height && top < 0; y++) {
        let run = 0;
        while (run < RUN && blue(x, y + run)) run++;
        if (run === RUN) top = y;
      }
      tops.push(top);
    }
    const drawn = tops.filter((y) => y >= 0).length;
    return { width, height, tops, coverage: drawn / width };
  });
}

/**
 * Least-squares slope of the drawn line, as the change in y across the whole width divided by the
 * height: about -1 for a line rising from bottom to top, +1 for one falling, 0 when flat.
 */
export function slope(p: Profile): number {
  const pts = p.tops.flatMap((y, x) => (y >= 0 ? [[x, y] as const] : []));
  const n = pts.length;
  if (n < 2) return 0;
  const mx = pts.reduce((s, [x]) => s + x, 0) / n;
  const my = pts.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of pts) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : ((num / den) * p.width) / p.height;
}

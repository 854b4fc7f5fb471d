import type { PriceHistory } from '@vaultline/shared';
import { AreaSeries, ColorType, createChart, type IChartApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

const COLORS = {
  light: {
    text: '#334155',
    grid: '#e2e8f0',
    line: '#4f46e5',
    top: 'rgba(79,70,229,0.35)',
    bottom: 'rgba(79,70,229,0.02)',
  },
  dark: {
    text: '#cbd5e1',
    grid: '#1e293b',
    line: '#818cf8',
    top: 'rgba(129,140,248,0.35)',
    bottom: 'rgba(129,140,248,0.02)',
  },
} as const;

/** Follows the `dark` class on <html> (the theme toggle and the system theme both set it). */
function useIsDark(): boolean {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  useEffect(() => {
    const obs = new MutationObserver(() => setDark(document.documentElement.classList.contains('dark')));
    obs.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => obs.disconnect();
  }, []);
  return dark;
}

/**
 * USD price history as an area chart. Chart values are plotted as numbers: a drawing, not money
 * (every figure the user reads as text stays decimal).
 */
export function PriceChart({ history, label }: { history: PriceHistory; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const dark = useIsDark();
  // The chart's own axis labels follow the UI language, not the browser's (DECISIONS §9).
  const lang = useTranslation().i18n.language || 'en-us';

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const c = COLORS[dark ? 'dark' : 'light'];
    const ch = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: c.text,
        attributionLogo: false,
      },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      timeScale: { timeVisible: true, secondsVisible: false },
      rightPriceScale: { borderColor: c.grid },
      localization: {
        locale: lang,
        priceFormatter: (p: number) =>
          formatNumber(p, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, lang),
      },
    });
    const series = ch.addSeries(AreaSeries, {
      lineColor: c.line,
      topColor: c.top,
      bottomColor: c.bottom,
      lineWidth: 2,
    });
    // One point per second at most, ascending, as the library requires.
    const byTime = new Map<number, number>();
    for (const p of history.points) byTime.set(Math.floor(Date.parse(p.takenAt) / 1000), Number(p.usd));
    const data = [...byTime.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([time, value]) => ({ time: time as UTCTimestamp, value }));
    series.setData(data);
    ch.timeScale().fitContent();
    chart.current = ch;
    return () => {
      ch.remove();
      chart.current = null;
    };
  }, [history, dark, lang]);

  return <div ref={host} role="img" aria-label={label} className="h-72 w-full sm:h-96" />;
}

import type { Page } from '@playwright/test';

// What axe does not measure: the contrast of focus indicators and of form-field boundaries against
// what is behind them (WCAG 1.4.11, 3:1). Colours are resolved by painting them on a 1x1 canvas, so
// any CSS colour (oklch, alpha, ...) reads as the sRGB the user sees.

export interface FocusReport {
  /** The focused element, for messages: tag, name and classes. */
  element: string;
  /** Best contrast of an indicator (outline or ring) against the background behind it; 0 when none. */
  contrast: number;
  outline: string;
  shadow: string;
}

export interface FieldProblem {
  element: string;
  contrast: number;
}

/** Defines window.__a11yColours in the page (once per document). */
export async function install(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __a11yColours?: unknown };
    if (w.__a11yColours) return;
    type Rgb = [number, number, number];
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
    /** The colour as painted over `under` (alpha composited). */
    const paint = (color: string, under: Rgb): Rgb => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = `rgb(${under.join(',')})`;
      ctx.fillRect(0, 0, 1, 1);
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const d = ctx.getImageData(0, 0, 1, 1).data;
      return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0];
    };
    const lum = (c: Rgb) =>
      c
        .map((v) => v / 255)
        .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((s, v, i) => s + v * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
    const contrast = (a: Rgb, b: Rgb) => {
      const [x, y] = [lum(a), lum(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    const COLOUR = /(?:oklch|oklab|rgba?|hsla?|lab|lch|color)\([^)]*\)|#[0-9a-f]{3,8}\b/gi;
    /**
     * The colours that can be behind an element: its ancestors' backgrounds composited from the
     * root down; a gradient gives one candidate per colour stop.
     */
    const backdrops = (el: Element | null): Rgb[] => {
      const chain: Element[] = [];
      for (let e = el; e; e = e.parentElement) chain.push(e);
      let out: Rgb[] = [document.documentElement.classList.contains('dark') ? [2, 6, 24] : [255, 255, 255]];
      for (const e of chain.reverse()) {
        const s = getComputedStyle(e);
        const stops = s.backgroundImage.includes('gradient') ? (s.backgroundImage.match(COLOUR) ?? []) : [];
        if (stops.length) out = stops.flatMap((stop) => out.map((u) => paint(stop, u)));
        out = out.map((u) => paint(s.backgroundColor, u));
      }
      return out;
    };
    /** Colours of the box-shadows with a spread (Tailwind's rings), as written. */
    const ringColours = (shadow: string): string[] => {
      if (shadow === 'none') return [];
      const parts: string[] = [];
      let depth = 0;
      let cur = '';
      for (const ch of shadow) {
        if (ch === '(') depth++;
        if (ch === ')') depth--;
        if (ch === ',' && depth === 0) {
          parts.push(cur);
          cur = '';
        } else cur += ch;
      }
      parts.push(cur);
      return parts.flatMap((p) => {
        const colour = p.match(COLOUR)?.[0];
        const lengths = p.replace(COLOUR, '').match(/-?[\d.]+px/g) ?? [];
        return colour && Number.parseFloat(lengths[3] ?? '0') > 0 ? [colour] : [];
      });
    };
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" .${el.className}`;
    w.__a11yColours = { paint, contrast, backdrops, ringColours, describe };
  });
}

export interface Tools {
  paint: (c: string, u: [number, number, number]) => [number, number, number];
  contrast: (a: [number, number, number], b: [number, number, number]) => number;
  backdrops: (el: Element | null) => [number, number, number][];
  ringColours: (shadow: string) => string[];
  describe: (el: Element) => string;
}

/** The focused element's indicator and its contrast with the page behind it (worst case). */
export async function focusReport(page: Page): Promise<FocusReport | null> {
  const measure = () =>
    page.evaluate(async () => {
      const t = (window as unknown as { __a11yColours?: Tools }).__a11yColours;
      if (!t) return 'not installed' as const;
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      // Buttons fade their outline colour in (transition-colors): measure the colour it settles on.
      await Promise.all(
        el
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      );
      const s = getComputedStyle(el);
      const colours: string[] = [];
      if (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 1) colours.push(s.outlineColor);
      colours.push(...t.ringColours(s.boxShadow));
      // An outline drawn inside the element (negative offset) is seen against the element itself.
      const behind = t.backdrops(Number.parseFloat(s.outlineOffset) < 0 ? el : el.parentElement);
      const best = Math.max(
        0,
        ...colours.map((c) => Math.min(...behind.map((b) => t.contrast(t.paint(c, b), b)))),
      );
      return {
        element: t.describe(el),
        contrast: best,
        outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
        shadow: s.boxShadow,
      };
    });
  const first = await measure();
  if (first !== 'not installed') return first;
  await install(page);
  const again = await measure();
  return again === 'not installed' ? null : again;
}

/**
 * Visible text fields, selects, text areas and switches whose boundary (border, or their own
 * background: a switch's track) is under 3:1 against what is behind them.
 */
export async function weakFieldBoundaries(page: Page): Promise<FieldProblem[]> {
  await install(page);
  return page.evaluate(() => {
    const t = (window as unknown as { __a11yColours: Tools }).__a11yColours;
    const fields = document.querySelectorAll(
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=range]), select, textarea, [role="switch"]',
    );
    const problems: { element: string; contrast: number }[] = [];
    for (const el of fields) {
      const r = el.getBoundingClientRect();
      // Inactive fields are exempt (1.4.11), hidden ones are not seen.
      if ((el as HTMLInputElement).disabled) continue;
      if (r.width === 0 || r.height === 0 || el.closest('[inert], [aria-hidden="true"]')) continue;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || Number(s.opacity) === 0) continue;
      const behind = t.backdrops(el.parentElement);
      const edge = Number.parseFloat(s.borderBottomWidth) > 0 ? s.borderBottomColor : 'transparent';
      const score = Math.min(
        ...behind.map((b) =>
          Math.max(t.contrast(t.paint(edge, b), b), t.contrast(t.paint(s.backgroundColor, b), b)),
        ),
      );
      if (score < 3) problems.push({ element: t.describe(el), contrast: Math.round(score * 100) / 100 });
    }
    return problems;
  });
}

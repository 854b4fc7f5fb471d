/** What a partner chooses for the embedded widget (the partner area's snippet form). */
export interface WidgetEmbedOptions {
  /** Our site's origin, e.g. window.location.origin ("https://vaultline.example"). */
  origin: string;
  partnerId: string;
  from?: string | null;
  to?: string | null;
  theme?: 'light' | 'dark' | null;
}

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The one line a partner pastes into a page to embed the exchange widget: our /widget.js, which
 * inserts an iframe of /widget next to itself with these data-* attributes (public/widget.js).
 * Values are attribute-escaped: the snippet is shown as text and pasted as HTML.
 */
export function buildWidgetEmbedSnippet(o: WidgetEmbedOptions): string {
  const origin = o.origin.replace(/\/+$/, '');
  const attrs: [string, string | null | undefined][] = [
    ['src', `${origin}/widget.js`],
    ['data-partner', o.partnerId],
    ['data-from', o.from],
    ['data-to', o.to],
    ['data-theme', o.theme],
  ];
  const written = attrs
    .filter((a): a is [string, string] => typeof a[1] === 'string' && a[1] !== '')
    .map(([k, v]) => `${k}="${escapeAttr(v)}"`);
  return `<script ${written.join(' ')} async></script>`;
}

/** The widget page's own URL for these options (a partner that frames it without the script). */
export function widgetUrl(o: WidgetEmbedOptions): string {
  const q = new URLSearchParams({ partner: o.partnerId });
  if (o.from) q.set('from', o.from);
  if (o.to) q.set('to', o.to);
  if (o.theme) q.set('theme', o.theme);
  return `${o.origin.replace(/\/+$/, '')}/widget?${q.toString()}`;
}

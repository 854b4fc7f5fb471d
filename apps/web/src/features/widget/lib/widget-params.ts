/** The query of /widget, as the embed script (public/widget.js) writes it from the script tag. */
export interface WidgetParams {
  /** The partner's user id, sent as partnerId on createExchange; null without one (or a malformed one). */
  partnerId: string | null;
  /** Tickers to preselect; unknown ones fall back to the default pair. */
  from: string | null;
  to: string | null;
  /** Forced theme; null follows the visitor's choice or system, as the site does. */
  theme: 'light' | 'dark' | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TICKER = /^[A-Za-z0-9-]{1,20}$/;

/**
 * Reads the widget's parameters, dropping any malformed value: a partner's typo in the snippet
 * gives a working widget without a partner rather than a refusal at createExchange (the server
 * would answer 400 on a malformed uuid).
 */
export function parseWidgetParams(search: URLSearchParams): WidgetParams {
  const partner = search.get('partner')?.trim() ?? '';
  const ticker = (name: string) => {
    const v = search.get(name)?.trim() ?? '';
    return TICKER.test(v) ? v.toUpperCase() : null;
  };
  const theme = search.get('theme');
  return {
    partnerId: UUID.test(partner) ? partner.toLowerCase() : null,
    from: ticker('from'),
    to: ticker('to'),
    theme: theme === 'light' || theme === 'dark' ? theme : null,
  };
}

/** What a partner chooses for its embedded widget. */
export interface WidgetOptions {
  origin: string;
  partnerId: string;
  from: string;
  to: string;
  theme: 'light' | 'dark';
}

/** The HTML a partner pastes into its site: the widget script with its data attributes. */
export function widgetSnippet({ origin, partnerId, from, to, theme }: WidgetOptions): string {
  return `<script src="${origin}/widget.js" data-partner="${partnerId}" data-from="${from}" data-to="${to}" data-theme="${theme}" async></script>`;
}

import { describe, expect, it } from 'vitest';
import { buildWidgetEmbedSnippet, widgetUrl } from './embed-snippet';

const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('the embed snippet for the partner area', () => {
  it('is one script tag with the partner, pair and theme', () => {
    expect(
      buildWidgetEmbedSnippet({
        origin: 'https://vaultline.example/',
        partnerId: ID,
        from: 'BTC',
        to: 'ETH',
        theme: 'dark',
      }),
    ).toBe(
      `<script src="https://vaultline.example/widget.js" data-partner="${ID}" data-from="BTC" data-to="ETH" data-theme="dark" async></script>`,
    );
  });

  it('leaves out what the partner did not choose, and escapes attribute values', () => {
    expect(buildWidgetEmbedSnippet({ origin: 'https://v.example', partnerId: 'a"><x' })).toBe(
      '<script src="https://v.example/widget.js" data-partner="a&quot;&gt;&lt;x" async></script>',
    );
  });

  it('gives the widget page URL for a plain iframe', () => {
    expect(widgetUrl({ origin: 'https://v.example', partnerId: ID, theme: 'light' })).toBe(
      `https://v.example/widget?partner=${ID}&theme=light`,
    );
  });
});

/*
 * Vaultline exchange widget: a partner's page embeds it with one line,
 *   <script src="https://<our host>/widget.js" data-partner="<id>" data-from="BTC" data-to="ETH"
 *           data-theme="dark" async></script>
 * and this script inserts an iframe of /widget next to the tag. Plain ES2017, no build step, no
 * globals: it runs on pages we do not control. The widget page posts its height (features/widget,
 * widget-frame.ts); only messages from our origin and from this iframe resize it.
 */
(() => {
  const script = document.currentScript;
  if (!script?.src) return;
  const origin = new URL(script.src).origin;
  const MESSAGE = 'vaultline:widget-height';
  const query = new URLSearchParams();
  for (const [attr, name] of [
    ['data-partner', 'partner'],
    ['data-from', 'from'],
    ['data-to', 'to'],
    ['data-theme', 'theme'],
  ]) {
    const value = script.getAttribute(attr);
    if (value) query.set(name, value);
  }
  const frame = document.createElement('iframe');
  frame.src = `${origin}/widget${query.toString() ? `?${query}` : ''}`;
  // A name for screen readers (the frame's own texts are translated inside it).
  frame.title = script.getAttribute('data-title') || 'Crypto exchange (Vaultline)';
  frame.loading = 'lazy';
  // Until the first height message: room for the form on a phone and a desktop alike.
  frame.style.cssText = 'display:block;width:100%;max-width:560px;height:560px;border:0;color-scheme:normal;';
  // Clipboard for the deposit address' Copy button; nothing else is delegated.
  frame.allow = 'clipboard-write';
  // Next to the tag; a tag in <head> (where nothing renders) puts it at the end of <body> instead.
  const place = () => {
    if (script.parentElement && script.parentElement !== document.head && document.body?.contains(script)) {
      script.insertAdjacentElement('afterend', frame);
    } else {
      document.body.appendChild(frame);
    }
  };
  if (document.body) place();
  else document.addEventListener('DOMContentLoaded', place, { once: true });

  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const data = event.data;
    if (!data || data.type !== MESSAGE || typeof data.height !== 'number') return;
    // Bounded: a page of ours never needs more, and a wrong value cannot take over the host page.
    const height = Math.min(Math.max(Math.ceil(data.height), 200), 4000);
    frame.style.height = `${height}px`;
  });
})();

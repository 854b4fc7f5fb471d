import { Decimal } from '@vaultline/shared';
import { minorDigits } from './gateway';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;background:Canvas;color:CanvasText;display:flex;justify-content:center;padding:2rem 1rem}
main{width:100%;max-width:26rem}
.badge{display:inline-block;font-size:.75rem;padding:.15rem .5rem;border-radius:1rem;background:#fde68a;color:#713f12}
h1{font-size:1.25rem;margin:.75rem 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600;font-size:.9rem}
input{box-sizing:border-box;width:100%;padding:.6rem;font-size:1rem;border:1px solid #888;border-radius:.4rem;background:Field;color:FieldText}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{margin-top:1.25rem;width:100%;padding:.75rem;font-size:1rem;font-weight:600;border:0;border-radius:.4rem;background:#4f46e5;color:#fff;cursor:pointer}
.error{margin-top:1rem;padding:.6rem .75rem;border-radius:.4rem;background:#fee2e2;color:#7f1d1d}
.hint{font-size:.8rem;opacity:.75;margin-top:1rem}
a{color:light-dark(#4338ca,#a5b4fc)}
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const money = (amount: string, currency: string) =>
  `${new Decimal(amount).toFixed(minorDigits(currency))} ${esc(currency)}`;

const cardFields = `
<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required placeholder="12/34"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required placeholder="123"></div></div>`;

const testHint =
  '<p class="hint">Test gateway: no money moves. 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds. Any future expiry and any CVC.</p>';

/** The hosted checkout page: the only place in the product where a card number is typed. */
export function checkoutPage(s: {
  id: string;
  description: string;
  amount: string;
  currency: string;
  mode: string;
  email: string;
  cancelUrl: string;
  error?: string;
}): string {
  const renews = s.mode === 'subscription' ? ' <span>per year, renews until you cancel</span>' : '';
  return layout(
    'Pay – Test gateway',
    `<span class="badge">Test gateway</span>
<h1>${esc(s.description)}</h1>
<p class="amount">${money(s.amount, s.currency)}${renews}</p>
<p>Paying as ${esc(s.email)}</p>
<form method="post" action="/gateway/test/checkout/${esc(s.id)}">
${cardFields}
${s.error ? `<p class="error" role="alert">${esc(s.error)}</p>` : ''}
<button type="submit">Pay ${money(s.amount, s.currency)}</button>
</form>
<p><a href="${esc(s.cancelUrl)}">Cancel and return</a></p>
${testHint}`,
  );
}

export function closedPage(message: string, back?: string): string {
  return layout(
    'Test gateway',
    `<span class="badge">Test gateway</span><h1>${esc(message)}</h1>${back ? `<p><a href="${esc(back)}">Return</a></p>` : ''}`,
  );
}

/** The customer portal: the saved card, and a form to replace it. */
export function portalPage(p: {
  customer: string;
  last4: string;
  brand: string;
  status: string;
  back: string;
  message?: string;
  error?: string;
}): string {
  return layout(
    'Manage card – Test gateway',
    `<span class="badge">Test gateway</span>
<h1>Your saved card</h1>
<p>${esc(p.brand)} •••• ${esc(p.last4)}${p.status === 'past_due' ? ' — the last renewal failed' : ''}</p>
${p.message ? `<p role="status">${esc(p.message)}</p>` : ''}
<form method="post" action="/gateway/test/portal/${esc(p.customer)}?return=${encodeURIComponent(p.back)}">
<h2>Replace the card</h2>
${cardFields}
${p.error ? `<p class="error" role="alert">${esc(p.error)}</p>` : ''}
<button type="submit">Save card</button>
</form>
<p><a href="${esc(p.back)}">Return</a></p>
${testHint}`,
  );
}

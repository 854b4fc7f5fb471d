/**
 * Leaving the app for the payment gateway's hosted checkout (DECISIONS §7): a full page load, so
 * the card is typed on the gateway's page and never in ours. One object, so that tests can watch
 * the move without a real navigation.
 */
export const hostedPage = {
  open(url: string): void {
    window.location.assign(url);
  },
};

/**
 * The hosted page's address when it is one to send the browser to: http(s) only, relative paths
 * (the built-in test gateway's `/gateway/test/...`) read against this origin. Anything else (a
 * `javascript:` URL, garbage) is null.
 */
export function hostedPageUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

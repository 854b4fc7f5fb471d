import { useMutation } from '@tanstack/react-query';
import type { CheckoutUrl } from '@vaultline/shared';
import { useEffect } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import type { TFunction } from '../../../lib/i18n';
import { hostedPage, hostedPageUrl } from './hosted-page';

/** The hosted page's address was not one to go to (see hostedPageUrl). */
class BadHostedPage extends Error {}

/**
 * Starts a checkout (`start` asks our API for one) and sends the browser to the gateway's page.
 * `busy` from the click until the page is left; a click while leaving opens the same page again
 * (no second checkout), and coming back with the browser's Back button (the page restored from the
 * back-forward cache, spinner and all) starts afresh: the button is never left dead.
 */
export function useHostedCheckout<T>(start: (input: T) => Promise<CheckoutUrl>) {
  const mutation = useMutation({
    mutationFn: async (input: T) => {
      const url = hostedPageUrl((await start(input)).url);
      if (!url) throw new BadHostedPage('The payment page address is not valid.');
      return url;
    },
    onSuccess: (url) => hostedPage.open(url),
  });
  const { reset } = mutation;
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);

  const pay = (input: T) => {
    if (mutation.isPending) return;
    if (mutation.isSuccess) hostedPage.open(mutation.data);
    else mutation.mutate(input);
  };
  return {
    pay,
    /** Asking our API, or leaving for the hosted page. */
    busy: mutation.isPending || mutation.isSuccess,
    error: mutation.error,
    reset,
  };
}

/** A failed start in the UI language: the server's reason, else a general text. */
export function checkoutErrorText(err: unknown, t: TFunction): string {
  return err instanceof ApiRequestError ? err.message : t('Checkout.StartError');
}

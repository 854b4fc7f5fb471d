import { useEffect, useLayoutEffect } from 'react';

/** The message the widget page sends its parent; public/widget.js reads the same type. */
export const WIDGET_HEIGHT_MESSAGE = 'vaultline:widget-height';

const framed = () => {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
};

/**
 * Tells the embedding page (public/widget.js) the widget's height whenever it changes, so the
 * iframe grows and shrinks with the flow instead of scrolling inside. Sent to any origin on purpose:
 * a height says nothing private, and the partner's origin is not known to us (the embed script
 * checks that the message comes from our origin and from its own iframe).
 */
export function usePostHeight(root: React.RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = root.current;
    if (!el || !framed() || typeof ResizeObserver === 'undefined') return;
    let last = -1;
    const send = () => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: WIDGET_HEIGHT_MESSAGE, height }, '*');
    };
    const observer = new ResizeObserver(send);
    observer.observe(el);
    send();
    return () => observer.disconnect();
  }, [root]);
}

/**
 * The partner's `theme` for this page view only: applied to the document, never stored (it must not
 * change the visitor's choice on our own site). Without it the site's rule applies (theme.ts).
 */
export function useWidgetTheme(theme: 'light' | 'dark' | null): void {
  useLayoutEffect(() => {
    if (!theme) return;
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
  }, [theme]);
}

import { Component, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the page when it failed to load or to render. */
  fallback: ReactNode;
  /** The page's URL: a new one clears the error, so the menu still leads elsewhere. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Catches a page that failed to load (its chunk could not be fetched: offline, or a new release
 * removed the old file) or threw while rendering, so the header, footer and menu stay usable. The
 * data router showed its own error screen there; without a boundary React would empty the page.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

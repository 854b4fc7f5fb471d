export { FeedStatus } from './components/feed-status';
export type { FeedState } from './lib/feed-connection';
export { createFeedHub, type FeedHub, type FeedHubDeps } from './lib/feed-hub';
export { FeedProvider, type UseFeedUpdatesOptions, useFeedUpdates } from './use-feed-updates';
export { useLiveSettings } from './use-live-settings';

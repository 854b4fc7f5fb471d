import type { FeedUpdate, HistoryItem } from '@vaultline/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { localExchangeIds, mergeLocalExchanges, mergeLocalUpdate } from '../../exchange/lib/local-exchanges';
import { useFeedUpdates } from '../../feed';
import { downloadHistoryCsv, getExchangesByIds, HISTORY_POLL_MS } from '../api/history-api';
import { csvFileName, localCsvBlob, saveFile } from '../lib/csv-download';
import { notifyLoadError, notifyMove } from '../lib/history-notices';
import { type Move, newestFirst } from '../lib/history-view';
import { useLocalExchanges } from './use-local-exchanges';
import { useUserHistory } from './use-user-history';

/** spec-1 §9: the spinner is hidden at most 10 s after opening; a confirm refreshes after 1 s. */
export const SPINNER_MAX_MS = 10_000;
export const REFRESH_AFTER_CONFIRM_MS = 1000;

/**
 * The history screen's data: a guest's exchanges from this browser (refreshed by id), or a
 * signed-in user's server pages plus the guest exchanges this browser still holds; 60 s polling,
 * the live feed merged with the never-backwards rule, and the spec's notices.
 */
export function useHistory(userId: string | null) {
  const navigate = useNavigate();
  const signedIn = userId !== null;
  const local = useLocalExchanges();
  const sortedLocal = useMemo(() => newestFirst(local), [local]);
  const localIds = useMemo(() => sortedLocal.map((i) => i.id), [sortedLocal]);
  const localIdSet = useMemo(() => new Set(localIds), [localIds]);

  /** One notice per transaction and status, whichever path (feed, poll, refresh) saw it first. */
  const announced = useRef(new Set<string>());
  const announce = useCallback((m: Move) => {
    const key = `${m.item.id}:${m.item.status}`;
    if (announced.current.has(key)) return;
    announced.current.add(key);
    notifyMove(m);
  }, []);

  const user = useUserHistory(userId, announce);

  /** One load-failure notice per run of failures. */
  const failing = useRef(false);
  const reportError = useCallback(
    (err: unknown) => {
      if (failing.current) return;
      failing.current = true;
      if (notifyLoadError(err) === 'login') {
        void navigate('/login', { state: { from: '/buy-sell/history' } });
      }
    },
    [navigate],
  );

  const refreshLocal = useCallback(async () => {
    const ids = localExchangeIds();
    if (ids.length === 0) return;
    const fresh = await getExchangesByIds(ids);
    for (const m of mergeLocalExchanges(fresh)) announce(m);
  }, [announce]);

  // Guests (and a signed-in user's browser-held exchanges): at once, then every 60 s.
  const [localLoading, setLocalLoading] = useState(() => localExchangeIds().length > 0);
  useEffect(() => {
    let alive = true;
    const run = () =>
      refreshLocal()
        .then(() => {
          if (!signedIn) failing.current = false;
        }, reportError)
        .finally(() => {
          if (alive) setLocalLoading(false);
        });
    void run();
    const timer = setInterval(run, HISTORY_POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [refreshLocal, reportError, signedIn]);

  // Server pages: TanStack Query polls; a failure gets its notice (401 goes to /login).
  const { isError, error, errorUpdatedAt } = user.query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one report per failed fetch
  useEffect(() => {
    if (isError) reportError(error);
    else failing.current = false;
  }, [isError, errorUpdatedAt]);

  const onUpdate = useCallback(
    (u: FeedUpdate) => {
      const isLocal = localIdSet.has(u.id);
      // spec-1 §4: a live update also merges into the locally stored exchange.
      const localMoves = isLocal ? mergeLocalUpdate(u) : [];
      if (signedIn) {
        const r = user.applyUpdate(u);
        if (r.move) announce(r.move);
        else if (!r.known && !isLocal) void user.lookUp(u.id);
      }
      for (const m of localMoves) announce(m);
      // Anything else belongs to someone else (an admin's connection hears everyone): ignored.
    },
    [localIdSet, signedIn, user.applyUpdate, user.lookUp, announce],
  );
  const feed = useFeedUpdates({ watchIds: localIds, onUpdate, enabled: signedIn || localIds.length > 0 });

  const [spinnerExpired, setSpinnerExpired] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setSpinnerExpired(true), SPINNER_MAX_MS);
    return () => clearTimeout(t);
  }, []);
  const loading = !spinnerExpired && (signedIn ? user.query.isPending : localLoading);

  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    if (refreshing) return;
    setRefreshing(true);
    try {
      await Promise.all([
        refreshLocal(),
        signedIn ? user.query.refetch({ throwOnError: true }) : Promise.resolve(),
      ]);
      failing.current = false;
      notify({
        title: i18n.t('History.RefreshComplete'),
        message: i18n.t('History.ListUpdated'),
        severity: 'Success',
      });
    } catch (err) {
      failing.current = false;
      reportError(err);
    } finally {
      setRefreshing(false);
    }
  }, [refreshing, refreshLocal, signedIn, user.query.refetch, reportError]);

  /** After a confirm: the answer is merged at once (quietly), the server is asked again after 1 s. */
  const confirmed = useCallback(
    (item: HistoryItem) => {
      announced.current.add(`${item.id}:${item.status}`);
      if (localIdSet.has(item.id)) mergeLocalExchanges([item]);
      if (signedIn) user.applyUpdate(item);
      setTimeout(() => {
        refreshLocal().catch(reportError);
        if (signedIn) void user.query.refetch();
      }, REFRESH_AFTER_CONFIRM_MS);
    },
    [localIdSet, signedIn, user.applyUpdate, user.query.refetch, refreshLocal, reportError],
  );

  const exportCsv = useCallback(async () => {
    try {
      if (signedIn) {
        const { blob, fileName } = await downloadHistoryCsv();
        saveFile(blob, fileName ?? csvFileName());
      } else {
        saveFile(localCsvBlob(sortedLocal), csvFileName());
      }
    } catch {
      notify({ title: i18n.t('History.ExportFailed'), severity: 'Error' });
    }
  }, [signedIn, sortedLocal]);

  /** In a signed-in view, browser-held exchanges the server list does not already show. */
  const extraLocal = signedIn ? sortedLocal.filter((i) => !user.known(i.id)) : [];

  return {
    signedIn,
    local: sortedLocal,
    extraLocal,
    user,
    loading,
    refreshing,
    refresh,
    confirmed,
    exportCsv,
    feedState: feed.state,
    feedEnabled: signedIn || localIds.length > 0,
  };
}

/**
 * Data a screen loads from the server when it opens: loading until the answer, a failure it can
 * show, and a retry. An answer that comes after the screen closed (or after a newer load) is dropped.
 */
import { useCallback, useEffect, useState } from 'react';

interface ServerData<T> {
  /** The last answer; null until one came. */
  data: T | null;
  loading: boolean;
  /** The last load got no answer or was refused (the client logged why). */
  failed: boolean;
  /** Loads again. */
  retry: () => void;
  /** Changes the data kept here after this screen changed it on the server. */
  update: (change: (current: T) => T) => void;
}

/** `load` must be the same function at each render (a module's function, not an inline arrow). */
export function useServerData<T>(load: () => Promise<T>): ServerData<T> {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    load().then(
      (answer) => {
        if (!active) return;
        setData(answer);
        setLoading(false);
      },
      () => {
        if (!active) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      active = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => {
    setFailed(false);
    setLoading(true);
    setAttempt((count) => count + 1);
  }, []);
  const update = useCallback(
    (change: (current: T) => T) => setData((current) => (current === null ? null : change(current))),
    [],
  );
  return { data, loading, failed, retry, update };
}

import { useCallback, useEffect, useState } from 'react';

/** Loads what a screen shows, again when its inputs change or on `reload()`; the last answer wins. */
export function useResource<T>(load: () => Promise<T>, inputs: readonly unknown[]) {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const [version, setVersion] = useState(0);
  // The loader changes with the inputs the screen names, not with each render.
  const run = useCallback(load, inputs);
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true }));
    run().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState((previous) => ({ data: previous.data, error, loading: false })),
    );
    return () => {
      live = false;
    };
  }, [run, version]);
  return { ...state, reload: () => setVersion((value) => value + 1), replace: (data: T) => setState({ data, error: null, loading: false }) };
}

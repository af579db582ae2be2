// A component whose code loads after the first screen: fetched ahead of need (preload), rendered
// directly once loaded, and only before that through React.lazy with a fallback.
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

export interface Deferred<P extends object> {
  /** Renders the component, or `fallback` for the moment its code is still on the way. */
  Component: ComponentType<P>;
  /** Starts fetching the code; safe to call any number of times. */
  preload(): Promise<void>;
}

export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): Deferred<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchCode = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        // A failed fetch (a chunk replaced by a new build) is tried again on the next render.
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(fetchCode);
  function Component(props: P) {
    // Chosen once per mount: a lazy component suspends on its first render even when its code is
    // in, so once loaded the component itself is rendered, and one mount never changes type.
    const [Loaded] = useState<ComponentType<P> | null>(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return {
    Component,
    preload: () =>
      fetchCode().then(
        () => undefined,
        () => undefined,
      ),
  };
}

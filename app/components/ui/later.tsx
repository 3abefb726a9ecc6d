import { lazy, Suspense, type ComponentType } from "react";

/**
 * A component hydrated once its code has arrived after the page's. For sections that hold no
 * control to use: the server's HTML shows them from the start (the whole document is rendered before
 * it is sent), and their code stays out of the first load's JavaScript.
 */
export function later<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Component = lazy(async () => ({ default: await load() }));
  return function Later(props: Props) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}

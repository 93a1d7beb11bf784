import { lazy, type ComponentType } from 'react';

type PageModule<T> = { default: T };

/**
 * React.lazy with a `preload()`: once the module is in, the page renders
 * without suspending. main.tsx preloads the current route before hydrating a
 * prerendered page, so its content hydrates in the first pass, before the
 * first API answers (the signed-in user) could change what it renders.
 */
export function lazyPage<T extends ComponentType>(load: () => Promise<PageModule<T>>) {
  let loaded: PageModule<T> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  // A thenable that calls back at once makes React.lazy resolve synchronously.
  const Page = lazy(() =>
    loaded
      ? ({ then: (resolve: (m: PageModule<T>) => void) => resolve(loaded!) } as Promise<
          PageModule<T>
        >)
      : preload(),
  );
  return Object.assign(Page, { preload });
}

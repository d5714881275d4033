import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A modal whose code is loaded the first time it opens, not with the screen that holds it: the screen's first visit
 * then carries only the list. `isOpen` tells from the props whether the modal is open; once opened it stays mounted
 * (closed) so that closing keeps its transition and reopening is immediate. While its chunk loads nothing is shown,
 * and the screen around it stays as it is (the modal has its own Suspense boundary).
 */
export function lazyModal<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Modal = lazy(() => load().then((component) => ({ default: component })));
  function LazyModal(props: P) {
    const [opened, setOpened] = useState(false);
    if (!opened && isOpen(props)) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    );
  }
  return LazyModal;
}

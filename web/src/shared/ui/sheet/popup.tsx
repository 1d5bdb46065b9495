import type { Popup as AntdPopup, PopupProps } from 'antd-mobile/es/components/popup/popup';
import { whenIdle } from '#shared/lib';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';

// antd-mobile's Popup, and the react-spring it animates with (some 23 KB brotli), as a chunk of
// their own: a page's first paint never draws a sheet, so it does not wait for one. The chunk
// loads once, when the browser is first idle after a page with a sheet has drawn, or at once when
// a sheet is asked to open before that.

interface PopupModule {
  readonly default: typeof AntdPopup;
}

let loading: Promise<PopupModule> | null = null;
let loaded = false;
const waiting = new Set<() => void>();

const load = (): Promise<PopupModule> =>
  (loading ??= import('antd-mobile/es/components/popup').then((module) => {
    loaded = true;
    for (const notify of waiting) notify();
    return module;
  }));

let scheduled = false;
function loadWhenIdle() {
  if (scheduled) return;
  scheduled = true;
  whenIdle(() => void load());
}

const subscribe = (notify: () => void) => {
  waiting.add(notify);
  loadWhenIdle();
  return () => {
    waiting.delete(notify);
  };
};
const isLoaded = () => loaded;

const AntPopup = lazy(load);

/**
 * A bottom sheet: antd-mobile's Popup, same props, with its code off the page's critical path.
 * It mounts closed once the code is in, so that opening slides it in as an eager one would; a
 * sheet asked to open before then mounts closed as soon as the code arrives and opens right
 * after, so that it slides in, runs `afterShow` (where the sheets move the focus) and stays
 * mounted to close.
 */
export function Popup(props: PopupProps) {
  const ready = useSyncExternalStore(subscribe, isLoaded);
  const [asked, setAsked] = useState(false);
  if (props.visible === true && !asked) setAsked(true);
  if (!ready && !asked && props.visible !== true) return null;
  return (
    <Suspense fallback={null}>
      <MountedClosedFirst {...props} />
    </Suspense>
  );
}

/** antd's Popup, closed on its first commit whatever it is asked, then as asked. */
function MountedClosedFirst({ visible, ...props }: PopupProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
  }, []);
  return <AntPopup {...props} visible={mounted && visible === true} />;
}

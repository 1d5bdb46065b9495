import type { Popup as AntdPopup, PopupProps } from 'antd-mobile/es/components/popup/popup';
import { whenIdle } from '#shared/lib';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';

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
const notLoaded = () => false;

const AntPopup = lazy(load);

/**
 * A bottom sheet: antd-mobile's Popup, same props, with its code off the page's critical path.
 * It mounts closed once the code is in, so that opening slides it in as an eager one would; a
 * sheet asked to open before then mounts closed as soon as the code arrives and opens right
 * after, so that it slides in, runs `afterShow` (where the sheets move the focus) and stays
 * mounted to close.
 */
export function Popup(props: PopupProps) {
  // a prerendered screen has every sheet closed, and hydrates so: the code is in only after
  const ready = useSyncExternalStore(subscribe, isLoaded, notLoaded);
  const [asked, setAsked] = useState(false);
  if (props.visible === true && !asked) setAsked(true);
  if (!ready && !asked && props.visible !== true) return null;
  return (
    <Suspense fallback={null}>
      <MountedClosedFirst {...props} />
    </Suspense>
  );
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * antd's Popup, closed on its first commit whatever it is asked, then as asked; and a modal as
 * the keyboard expects one, for every sheet: once open, the focus is inside (a sheet that placed
 * it itself keeps its choice, else its first control); Escape closes it (its `onClose`); closed,
 * the focus goes back to what had it.
 */
function MountedClosedFirst({ visible, afterShow, afterClose, children, ...props }: PopupProps) {
  const [mounted, setMounted] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    setMounted(true);
  }, []);
  const open = mounted && visible === true;
  if (open && opener.current === null && typeof document !== 'undefined') {
    opener.current = document.activeElement;
  }
  return (
    <AntPopup
      {...props}
      visible={open}
      afterShow={() => {
        afterShow?.();
        const inside = body.current;
        if (inside !== null && !inside.contains(document.activeElement)) {
          inside.querySelector<HTMLElement>(FOCUSABLE)?.focus();
        }
      }}
      afterClose={() => {
        afterClose?.();
        const before = opener.current;
        opener.current = null;
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && before instanceof HTMLElement && before.isConnected) before.focus();
      }}
    >
      <div
        ref={body}
        style={{ display: 'contents' }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          if (props.onClose === undefined) return;
          event.stopPropagation();
          props.onClose();
        }}
      >
        {children}
      </div>
    </AntPopup>
  );
}

import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem<K extends string> {
  readonly key: K;
  readonly label: ReactNode;
}

const tabIdOf = (idPrefix: string, key: string): string => `${idPrefix}-tab-${key}`;
const panelIdOf = (idPrefix: string): string => `${idPrefix}-panel`;

/** The attributes of the panel the selected tab shows (the panel itself is the caller's). */
export function tabPanelProps(idPrefix: string, selected: string) {
  return {
    id: panelIdOf(idPrefix),
    role: 'tabpanel',
    'aria-labelledby': tabIdOf(idPrefix, selected),
  } as const;
}

/**
 * A row of tabs, as WAI-ARIA's tabs pattern has them: the selected tab is the one Tab reaches, the
 * arrow keys (and Home, End) choose the next and move the focus with it, and a row wider than the
 * screen (360 px, a long language) scrolls sideways by itself to keep the selected tab in view,
 * the page staying where it is. The underline moves by CSS: no animation library comes with it.
 *
 * `idPrefix` names the tabs' and the panel's ids, the same on the server and in the browser.
 */
export function Tabs<K extends string>({
  items,
  selected,
  onChange,
  label,
  idPrefix,
  className,
}: {
  items: readonly TabItem<K>[];
  selected: K;
  onChange: (key: K) => void;
  /** the accessible name of the row */
  label: string;
  idPrefix: string;
  className?: string | undefined;
}) {
  const list = useRef<HTMLDivElement>(null);
  // What the row holds, as one string: the effect below runs when it or the choice changes, not
  // on every render (measuring forces a layout, and a row over live data re-renders on ticks).
  const keys = items.map((item) => item.key).join(' ');

  useLayoutEffect(() => {
    const container = list.current;
    const tab = container?.ownerDocument.getElementById(tabIdOf(idPrefix, selected));
    if (!container || !tab) return;
    const box = container.getBoundingClientRect();
    const own = tab.getBoundingClientRect();
    const margin = 12;
    if (own.left < box.left) container.scrollLeft -= box.left - own.left + margin;
    else if (own.right > box.right) container.scrollLeft += own.right - box.right + margin;
  }, [idPrefix, selected, keys]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.key === selected);
    const step = {
      ArrowRight: 1,
      ArrowLeft: -1,
      Home: -index,
      End: items.length - 1 - index,
    }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = items[(index + step + items.length) % items.length];
    if (next === undefined) return;
    onChange(next.key);
    list.current?.ownerDocument.getElementById(tabIdOf(idPrefix, next.key))?.focus();
  };

  return (
    <div
      ref={list}
      className={`${styles.tabs} ${className ?? ''}`}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      {items.map(({ key, label: title }) => {
        const active = key === selected;
        return (
          <button
            key={key}
            id={tabIdOf(idPrefix, key)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelIdOf(idPrefix)}
            tabIndex={active ? 0 : -1}
            className={styles.tab}
            onClick={() => {
              onChange(key);
            }}
          >
            {title}
          </button>
        );
      })}
    </div>
  );
}

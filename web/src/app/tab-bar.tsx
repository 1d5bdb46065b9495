import { LineIcon } from '#shared/ui';
import { $selectedSymbol } from '#entities/market';
import { useKept } from '#shared/lib';
import { PATHS } from '#shared/routing';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import styles from './tab-bar.module.css';

/** The seven tabs of SPEC.md §2; each shows once its screen exists. */
export const TABS = [
  { key: 'home', path: PATHS.home, icon: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z' },
  { key: 'market', path: PATHS.quotes, icon: 'M4 19V9m5 10V5m5 14v-7m5 7V8' },
  { key: 'contract', path: PATHS.contract, icon: 'M4 17l5-6 4 3 7-8M15 6h5v5' },
  { key: 'options', path: PATHS.options, icon: 'M12 3v18M5 10l7-7 7 7M5 14l7 7 7-7' },
  { key: 'assets', path: PATHS.assets, icon: 'M3 7h18v12H3zM3 7l2-3h14l2 3M16 13h2' },
  { key: 'game', path: PATHS.game, icon: 'M12 3a9 9 0 100 18 9 9 0 000-18zm0 5v4l3 2' },
  { key: 'symbol', path: PATHS.kline, icon: 'M7 4v16M5 8h4v8H5zM17 4v16M15 6h4v6h-4z' },
] as const;

type Tab = (typeof TABS)[number];

/** Whether the tab bar belongs on a page: it is the frame of the tabs' own screens only. */
export const showsTabBar = (pathname: string, available: ReadonlySet<string>): boolean =>
  TABS.some((tab) => tab.path === pathname && available.has(tab.path));

/**
 * The tab bar of the tabs whose screens exist, on those screens. The Symbol tab (SPEC.md §2's
 * name, in every language) opens the chart of the selected symbol; its label stays "Symbol", and
 * its accessible name adds the symbol it opens ("Symbol: BTC/USDT").
 */
export function TabBar({ available }: { available: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // (the symbol the device keeps: the tab opens it once hydrated)
  const selected = useKept($selectedSymbol);
  const tabs = TABS.filter((tab) => available.has(tab.path));
  if (tabs.length < 2 || !showsTabBar(pathname, available)) return null;

  const targetOf = (tab: Tab) =>
    tab.key === 'symbol' && selected
      ? `${tab.path}?symbol=${encodeURIComponent(selected.id)}`
      : tab.path;

  return (
    <nav className={styles.bar} aria-label={t('nav.tabs')}>
      {tabs.map((tab) => {
        const symbolShown = tab.key === 'symbol' && selected ? selected.display : null;
        return (
          <NavLink
            key={tab.key}
            to={targetOf(tab)}
            aria-label={
              symbolShown === null ? undefined : t('nav.symbolTab', { display: symbolShown })
            }
            className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
          >
            <LineIcon d={tab.icon} />
            <span className={styles.label}>{t(`nav.${tab.key}`)}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}

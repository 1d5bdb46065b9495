export { Tabs, tabPanelProps, type TabItem } from './tabs.tsx';
export { useTabQuery } from './use-tab-query.ts';

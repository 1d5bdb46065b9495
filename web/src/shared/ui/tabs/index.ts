export { Tabs, tabPanelProps, type TabItem } from './tabs.tsx';

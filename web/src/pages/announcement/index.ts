export { AnnouncementsPage as Component } from './ui/announcements-page.tsx';

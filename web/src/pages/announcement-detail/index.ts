export { AnnouncementPage as Component } from './ui/announcement-page.tsx';

export { InvitePage as Component } from './ui/invite-page.tsx';

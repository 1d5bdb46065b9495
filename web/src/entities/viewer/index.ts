export { maskedContactOf, maskEmail, maskPhone } from './lib/mask.ts';
export { ViewerAvatar, type ViewerAvatarProps } from './ui/viewer-avatar.tsx';
export { IdentityTag } from './ui/identity-tag.tsx';
export { AccountLink } from './ui/account-link.tsx';

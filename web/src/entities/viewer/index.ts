export { maskedContactOf, maskEmail, maskPhone } from './lib/mask.ts';
export { ViewerAvatar, type ViewerAvatarProps } from './ui/viewer-avatar.tsx';
export { IdentityTag } from './ui/identity-tag.tsx';
export { AccountLink } from './ui/account-link.tsx';
export { BindRuleNotice } from './ui/bind-rule-notice.tsx';
export { createBindRule } from './model/bind-rule.ts';

export { Auth, AUTH_RULES, type NewSession } from './auth.ts';
export { CODE_RULES, EmailCodes } from './email-codes.ts';
export { IdentityReview, type IdentityInput } from './identity.ts';
export { PayoutTargets, type BankInput, type WalletInput } from './payouts.ts';
export { Profile } from './profile.ts';
export { normaliseEmail, userInfo, Users, type NewUser, type UsersContext } from './users.ts';

// What other features may use of accounts; the rest of the folder is its own (npm run lint holds them to this).
export type { AccountsService } from './accounts.service';
export { actorOf } from './actor';
export { IMPORTED_IDENTITY_PREFIX, makeIdentityV3Hash, parseIdentityHash } from './aspnet-identity-hash';
export { hasAnyUser, promoteToAdminIfNone, type AdminPromotion } from './club-admin';
export { accountName, displayName } from './display-name';
export type { LinkSettings, PasswordResetService } from './password-reset.service';
export { newSetupCode } from './setup-code';
export { userNames } from './user-names';
export { userTable, type User } from './user.entity';
export { resetTokenTable } from './reset-token.entity';

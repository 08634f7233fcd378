/** The auth module's face: sessions, guards, passwords, codes, passkeys, devices, throttles and lockouts. */
export { signInOrigin } from './client-session';
export type { OpenedSession } from './client-session';
export { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_PATH } from './devices';
export { bearerToken, clientIdOf, requireClient, requireOperator, withSession } from './guard';
export { assertAttemptAllowed, clearAccountLocks, clearAfterSuccess, CLIENT_SIGN_IN_LOCKS, counterKey, countFailure, judges, mailLockAlert, OPERATOR_SIGN_IN_LOCKS } from './lockouts';
export type { LockAlert, LockRule, SignInAttempt, SignInFailure } from './lockouts';
export { closeChallenges } from './login-codes';
export { mailLanguage, passwordChangedMail, resetMail } from './mail-templates';
export { addPasskey, listPasskeys, passkeyRegistrationOptions, passkeySignInOptions, removePasskey, renamePasskey, signInWithPasskey } from './passkeys';
export { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
export { sendProtocolText } from './protocol-answer';
export { parseRegistration, registerClient } from './registration';
export { endClientSession, endOtherClientSessions, listClientSessions } from './session-list';
export { closeClientAccess, createSession, revokeAllSessions, revokeSession, SESSION_COLUMNS, sessionOf, sessionStatement, WITH_CLIENT } from './sessions';
export type { Session, SessionRow } from './sessions';
export { beginSignIn, completeSignIn } from './sign-in';
export type { AccountType, IdentityTables, KycStatus } from './tables';
export { assertNotBlocked, blockedForSeconds, lockingCounter, blockedSecondsSql, clearCounter, FAILED_PASSWORD_CHANGES_PER_CLIENT, FAILED_SIGN_INS_PER_EMAIL, FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, OPERATOR_FAILURES_PER_ADDRESS, OPERATOR_FAILURES_PER_EMAIL, OPERATOR_FAILURES_PER_EMAIL_AND_ADDRESS, OPERATOR_KNOWN_ADDRESS_DAYS, OPERATOR_LOCK_ALERTS_PER_EMAIL, recordHit, refuseWhileBlocked, RESET_MAILS_PER_EMAIL, WRONG_OPERATOR_CODES_PER_EMAIL, WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS } from './throttle';
export type { CounterPolicy } from './throttle';
export { acceptedStep, newTotpSecret, otpauthUrl, spendTimeStep, TOTP_ISSUERS } from './totp';
export { CLIENT_SEALED_COLUMNS, confirmStepUp, disableAuthenticator, enableAuthenticator, setUpAuthenticator } from './two-factor';


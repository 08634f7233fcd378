/** The back office's face: operators, their sign-in and roles, and the screens' routes. */
export { default as approvalRoutes } from './approval-routes';
export { default as depositBackofficeRoutes } from './deposit-routes';
export { issueEnrolmentLink } from './enrolment';
export { operatorApprovalHandlers } from './operator-approvals';
export { createOperatorFromCommandLine, OPERATOR_CREATE_USAGE, OperatorCreateRefused, parseOperatorCreateArguments, UsageError } from './operator-create';
export { OPERATOR_SEALED_COLUMNS, sealOperatorTotpSecret } from './operator-totp';
export { insertInvitedOperator } from './operators';
export { default as backofficeRoutes } from './routes';
export { default as scheduleRoutes } from './schedule-routes';

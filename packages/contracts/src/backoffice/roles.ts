import { z } from 'zod';

/**
 * The bank's operators and what each may do (docs/bank-controls.md). One table of areas answers both the
 * server's role checks (a wrong role is 403) and the back office's menu, so the two never differ.
 */
export const OPERATOR_ROLES = ['compliance', 'payments', 'admin'] as const;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES, { error: 'validation.roles.invalid' });
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/** The parts of the back office; each is open to the roles listed. */
export const BACKOFFICE_AREAS = {
  /** Dashboard, clients (read-only), contact messages and the audit trail: every operator. */
  overview: ['compliance', 'payments', 'admin'],
  kyc: ['compliance', 'admin'],
  payments: ['payments', 'admin'],
  rates: ['admin'],
  operators: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type BackofficeArea = keyof typeof BACKOFFICE_AREAS;

export function mayUse(roles: readonly OperatorRole[], area: BackofficeArea): boolean {
  const allowed: readonly OperatorRole[] = BACKOFFICE_AREAS[area];
  return roles.some((role) => allowed.includes(role));
}

export const operatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(operatorRoleSchema),
});
export type Operator = z.infer<typeof operatorSchema>;

/** Operator sessions (docs/bank-controls.md): shorter than a client's, since an operator moves others' money. */
export const OPERATOR_SESSION_IDLE_MINUTES = 15;
export const OPERATOR_SESSION_MAX_HOURS = 8;

import type { OperatorRole } from '@bank/contracts/backoffice/roles';

/**
 * The demo back-office operators, already enrolled with fixed authenticator secrets so a developer
 * can add them to an app (or compute codes in a test). Development only: production never seeds.
 */
export const DEMO_OPERATORS = [
  { email: 'operator@bank.example', name: 'Olga Sergeeva', roles: ['admin'], totpSecret: '2V7DMREUMCIPHU5NZP66EPBT6O7RZOPU' },
  { email: 'compliance@bank.example', name: 'Irina Volkova', roles: ['compliance'], totpSecret: '4ZWVIGGKAPHSLDEJ3GMMIQTIGY6VYAA7' },
  { email: 'payments@bank.example', name: 'Dmitry Orlov', roles: ['payments'], totpSecret: 'CJREUQBV5NVAPWQATWC2DZVGWDXNRGMK' },
] as const satisfies ReadonlyArray<{ email: string; name: string; roles: readonly OperatorRole[]; totpSecret: string }>;
export const DEMO_OPERATOR_PASSWORD = 'OperatorBank2024';

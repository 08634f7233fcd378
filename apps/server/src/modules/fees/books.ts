import type { MonthlyFee } from './payment';

/**
 * Where each monthly fee keeps its charges (the key that makes a client's month happen once, and what
 * was paid) and its arrears, and how its charge is audited: the same shape for both (migrations 0083
 * and 0097, tables.ts), so one piece of code charges and collects either. The order of the keys is
 * the order in which a month's arrears are collected.
 */
export const MONTHLY_FEE_BOOKS = {
  maintenance: { charges: 'maintenance_charges', arrears: 'maintenance_arrears', action: 'fees.maintenance' },
  highRisk: { charges: 'high_risk_charges', arrears: 'high_risk_arrears', action: 'fees.highRisk' },
} as const satisfies Record<MonthlyFee, { charges: string; arrears: string; action: string }>;

export const MONTHLY_FEES = Object.keys(MONTHLY_FEE_BOOKS) as MonthlyFee[];

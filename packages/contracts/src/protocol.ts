/** Exact protocol texts of docs/product.md that clients compare answers against. */
export const PROTOCOL = {
  created: 'Created',
  done: 'Done',
  invalidAuthorization: 'Invalid authorization data',
} as const;

/** Limits shared by server and web (docs/architecture.md#contracts: a limit on everything). */
export const LIMITS = {
  pageSize: 8,
  maxPageSize: 100,
  maxBodyBytes: 64 * 1024,
  maxShortText: 200,
  maxLongText: 5000,
  passwordMinLength: 8,
  passwordMaxLength: 128,
} as const;

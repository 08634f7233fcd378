/** Back-office display helpers: dates in the reader's language, an operator by name, and an audit change in one line. */
export { formatDateTime } from '../../ui/formatDateTime';

/** An operator as proposals and histories name them: name and e-mail, or whichever of them is known. */
export function operatorText(operator: { name: string; email: string }): string {
  return operator.name && operator.email ? `${operator.name} (${operator.email})` : operator.name || operator.email;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * What an audit entry changed, field by field: `status: New → Approved` for a field in both,
 * `reason: Sanctions` for one only after, `enrolled: true → —` for one only before.
 */
export function describeChange(before: unknown, after: unknown): string[] {
  const from = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const to = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  const names = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return names.map((name) => {
    if (!(name in from)) return `${name}: ${valueText(to[name])}`;
    if (!(name in to)) return `${name}: ${valueText(from[name])} → —`;
    const left = valueText(from[name]);
    const right = valueText(to[name]);
    return left === right ? `${name}: ${right}` : `${name}: ${left} → ${right}`;
  });
}

// The cabinet feature's public face: the client's display name, the verified badge, and the
// navigation by which a screen opens another.
export { displayName } from './menu';
export { VerifiedBadge } from './VerifiedBadge';
export { useCabinetNavigation } from './cabinetContext';

// The cabinet feature's public face: the client's display name and the verified badge.
export { displayName } from './menu';
export { VerifiedBadge } from './VerifiedBadge';

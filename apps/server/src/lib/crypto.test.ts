// Proves the secret ring of a rotation: hashes are made under the current secret and looked up under
// both, a match under either counts (and nothing else does), and a sealed secret opens under either,
// says when it was the previous one, and then comes sealed anew under the current one alone; one
// sealed under neither, or changed, opens under none.
import { describe, expect, it } from 'vitest';
import { hashCandidates, hashSecret, matchesAnyHash, openSecret, openWithRing, sealSecret, secretRing } from './crypto';

const OLD = 'the-secret-before-the-rotation-0123456789';
const NEW = 'the-secret-after-the-rotation-9876543210';
const OTHER = 'a-secret-this-server-never-had-5555555555';

describe('a ring of secrets', () => {
  it('hashes candidates under the current secret first, then the previous one', () => {
    expect(hashCandidates('token', secretRing(NEW, OLD))).toEqual([hashSecret('token', NEW), hashSecret('token', OLD)]);
    expect(hashCandidates('token', secretRing(NEW))).toEqual([hashSecret('token', NEW)]);
    // A previous secret equal to the current one is no second candidate.
    expect(secretRing(NEW, NEW)).toEqual({ current: NEW, previous: null });
  });

  it('matches a stored hash made under either secret, and no other', () => {
    const ring = secretRing(NEW, OLD);
    expect(matchesAnyHash(hashSecret('code', OLD), 'code', ring)).toBe(true);
    expect(matchesAnyHash(hashSecret('code', NEW), 'code', ring)).toBe(true);
    expect(matchesAnyHash(hashSecret('code', OTHER), 'code', ring)).toBe(false);
    expect(matchesAnyHash(hashSecret('other code', NEW), 'code', ring)).toBe(false);
    expect(matchesAnyHash(hashSecret('code', OLD), 'code', secretRing(NEW))).toBe(false);
  });

  it('opens what either secret sealed, and seals anew under the current one what the previous one did', () => {
    const ring = secretRing(NEW, OLD);
    const current = sealSecret('authenticator', NEW, 'purpose');
    expect(openWithRing(current, ring, 'purpose')).toEqual({ plain: 'authenticator', stale: false, resealed: current });
    const old = openWithRing(sealSecret('authenticator', OLD, 'purpose'), ring, 'purpose')!;
    expect(old).toMatchObject({ plain: 'authenticator', stale: true });
    expect(openSecret(old.resealed, NEW, 'purpose')).toBe('authenticator');
    expect(openWithRing(old.resealed, secretRing(NEW), 'purpose')).toMatchObject({ plain: 'authenticator', stale: false });
  });

  it('opens nothing sealed under another secret, for another purpose, or changed', () => {
    const ring = secretRing(NEW, OLD);
    expect(openWithRing(sealSecret('authenticator', OTHER, 'purpose'), ring, 'purpose')).toBeNull();
    expect(openWithRing(sealSecret('authenticator', NEW, 'another purpose'), ring, 'purpose')).toBeNull();
    const sealed = sealSecret('authenticator', NEW, 'purpose');
    const [version, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const changed = [version, iv, body.replace(/^./, (first) => (first === 'A' ? 'B' : 'A')), tag].join('.');
    expect(openWithRing(changed, ring, 'purpose')).toBeNull();
    expect(openWithRing('not sealed at all', ring, 'purpose')).toBeNull();
  });
});

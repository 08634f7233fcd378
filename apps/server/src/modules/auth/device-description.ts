import type { DeviceKind } from '@bank/contracts/auth/sessions';
import Bowser from 'bowser';

/**
 * What a client is shown of a session's or a sign-in's origin: browser, system and kind of device
 * from the user agent (bowser), and the address with its host part hidden. No place is derived
 * from the address: no geolocation database is shipped.
 */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
  kind: DeviceKind;
}

const KINDS: Readonly<Record<string, DeviceKind>> = { desktop: 'desktop', mobile: 'mobile', tablet: 'tablet' };

/**
 * The names bowser knows. For a user agent it does not recognise, bowser takes its first word as
 * the browser's name; the user agent is whatever the signer-in sends, and the name goes into the
 * bank's own alert mail, so only known names are shown (a made-up one would let a fraudster write
 * "no action needed" or a link into the bank's mail).
 */
const KNOWN_BROWSERS = new Set<string>(Object.values(Bowser.BROWSER_MAP));
const KNOWN_SYSTEMS = new Set<string>(Object.values(Bowser.OS_MAP));
/** Version numbers, or a system's version name such as "10" or "Sonoma": short words, no symbols. */
const VERSION = /^[\w.]{1,20}$/;

function nameAndVersion(name: string | undefined, version: string | undefined, known: ReadonlySet<string>): string | null {
  if (!name || !known.has(name)) return null;
  // Browsers' versions are long ("131.0.6778.85"); the major one is what a person recognises.
  const major = version?.split('.')[0];
  return major && VERSION.test(major) ? `${name} ${major}` : name;
}

export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, kind: 'other' };
  const parsed = Bowser.parse(userAgent);
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  const os = parsed.os.name && KNOWN_SYSTEMS.has(parsed.os.name) ? [parsed.os.name, osVersion && VERSION.test(osVersion) ? osVersion : null].filter(Boolean).join(' ') : null;
  return {
    browser: nameAndVersion(parsed.browser.name, parsed.browser.version, KNOWN_BROWSERS),
    os,
    kind: KINDS[parsed.platform.type ?? ''] ?? 'other',
  };
}

/**
 * An address with the part that points at one household hidden: the last byte of IPv4, all but the
 * first three groups (the provider's allocation) of IPv6. An IPv4 address mapped into IPv6 is shown
 * as IPv4.
 */
export function maskIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.•••`;
  if (ip.includes(':')) {
    const groups = ip.split('::')[0]!.split(':').filter(Boolean).slice(0, 3);
    return groups.length > 0 ? `${groups.join(':')}:…` : '::…';
  }
  return null;
}

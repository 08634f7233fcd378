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

function nameAndVersion(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  // Browsers' versions are long ("131.0.6778.85"); the major one is what a person recognises.
  const major = version?.split('.')[0];
  return major ? `${name} ${major}` : name;
}

export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, kind: 'other' };
  const parsed = Bowser.parse(userAgent);
  const os = parsed.os.name ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') : null;
  return {
    browser: nameAndVersion(parsed.browser.name, parsed.browser.version),
    os,
    kind: KINDS[parsed.platform.type ?? ''] ?? 'other',
  };
}

/** One line for a mail: "Chrome 131 on Windows 10". */
export function deviceLine(description: DeviceDescription, unknown: string, on: string): string {
  const parts = [description.browser, description.os].filter((part): part is string => Boolean(part));
  return parts.length === 0 ? unknown : parts.join(` ${on} `);
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

import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may not be sent (docs/SUBSCRIPTIONS.md "Webhooks"): addresses of this machine and
 * of the networks behind it, not of the internet. The portal signs and POSTs from inside our
 * network, so an endpoint aimed inward would reach Redis, the cloud's metadata service or an admin
 * page. Pure: the registration decider and the delivery's connection both ask these functions.
 */
export type InwardClass = 'loopback' | 'private' | 'shared (carrier-grade NAT)' | 'link-local' | 'unique-local' | 'multicast' | 'unspecified' | 'broadcast' | 'reserved';

export interface InwardAddress {
  /** The address as judged (canonical text). */
  readonly address: string;
  readonly class: InwardClass;
  /** The IPv4 address an IPv6 form carries (mapped, translated, NAT64, IPv4-compatible): it is what was judged. */
  readonly carried?: string;
}

/** ipaddr.js's names of the ranges we refuse; every range it names and this does not is "reserved" (anything but ordinary unicast). */
const CLASS_OF_RANGE: Readonly<Record<string, InwardClass>> = {
  loopback: 'loopback',
  private: 'private',
  // fec0::/10, site-local: the private networks of IPv6 before unique-local replaced it.
  deprecatedSiteLocal: 'private',
  carrierGradeNat: 'shared (carrier-grade NAT)',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
};

/** IPv6 ranges whose last 32 bits are an IPv4 address the packet ends up at. */
const CARRIES_IPV4 = new Set(['ipv4Mapped', 'rfc6145']);
const NAT64_WELL_KNOWN = ipaddr.IPv6.parse('64:ff9b::');

function carriedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = address.range();
  const parts = address.parts;
  const ipv4Compatible = parts.slice(0, 6).every((part) => part === 0) && range !== 'unspecified' && range !== 'loopback';
  if (CARRIES_IPV4.has(range) || ipv4Compatible || address.match(NAT64_WELL_KNOWN, 96)) {
    return new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]);
  }
  return undefined;
}

/**
 * Whether an IP address is ours rather than the internet's: its class, or undefined for an ordinary
 * public unicast address. An IPv6 form carrying an IPv4 address is judged as that IPv4 address;
 * text that is no IP address at all is refused as "reserved" (it is no place to send to).
 */
export function inwardAddress(text: string): InwardAddress | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(text);
  } catch {
    return { address: text, class: 'reserved' };
  }
  const address = parsed.toString();
  const carried = parsed.kind() === 'ipv6' ? carriedIpv4(parsed as ipaddr.IPv6) : undefined;
  const judged = carried ?? parsed;
  const range = judged.range();
  if (range === 'unicast') return undefined;
  return { address, class: CLASS_OF_RANGE[range] ?? 'reserved', ...(carried && { carried: carried.toString() }) };
}

/** The first address of a name's answer that is ours: every address is judged, not only the one a connection would try first. */
export function firstInward(addresses: readonly string[]): InwardAddress | undefined {
  for (const address of addresses) {
    const inward = inwardAddress(address);
    if (inward) return inward;
  }
  return undefined;
}

/** `localhost` and `*.localhost` (RFC 6761): loopback by definition, whatever a resolver says. */
const isLocalhostName = (name: string) => /(^|\.)localhost\.?$/i.test(name);

/** An IP literal's address text, as WHATWG URL leaves a host (IPv6 in brackets; IPv4 already in dotted decimal, however it was spelt); undefined for a name. */
function literalAddress(hostname: string): string | undefined {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return hostname.slice(1, -1);
  return ipaddr.IPv4.isValidFourPartDecimal(hostname) ? hostname : undefined;
}

export const TARGET_RULE = 'The webhook URL must not point at a private, loopback or link-local address';

const shown = (inward: InwardAddress) => (inward.carried ? `${inward.address} (${inward.carried})` : inward.address);

/** The refusal, in one sentence naming the rule and why this address breaks it. */
export const addressRefusal = (inward: InwardAddress) => `${TARGET_RULE} (${shown(inward)} is ${inward.class}).`;
export const resolvedRefusal = (name: string, inward: InwardAddress) => `${TARGET_RULE} (${name} resolves to ${shown(inward)}, which is ${inward.class}).`;

/**
 * What can be said of a URL's host before any DNS (`new URL(…).hostname`): the refusal for an IP
 * literal or a localhost name that is ours, else undefined — an ordinary name is judged by what it
 * resolves to, at each delivery.
 */
export function hostRefusal(hostname: string): string | undefined {
  const literal = literalAddress(hostname);
  if (literal !== undefined) {
    const inward = inwardAddress(literal);
    return inward && addressRefusal(inward);
  }
  return isLocalhostName(hostname) ? `${TARGET_RULE} (${hostname} is loopback).` : undefined;
}

/** Whether a URL's host is an IP literal: a connection to it asks no resolver. */
export const isLiteralHost = (hostname: string) => literalAddress(hostname) !== undefined;

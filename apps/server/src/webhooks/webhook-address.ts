// Where a webhook may be sent (issue 38, decision 0073): https only (http with
// WEBHOOKS_ALLOW_HTTP=1), and never to this machine, its network or a cloud's metadata service
// (WEBHOOKS_ALLOW_PRIVATE=1 lifts that, for tests and private installs). A hostname is resolved
// when the endpoint is saved and resolved again by the connection itself (`guardedLookup`, given
// to the HTTP agent), so a name that later points inside (DNS rebinding) is refused at send time.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

export const WEBHOOK_NOT_HTTPS = "The webhook URL must start with https://";
export const WEBHOOK_PRIVATE_ADDRESS =
  "The webhook URL points to a private, loopback, link-local or metadata address: webhooks can only go to the public internet";
export const WEBHOOK_HOST_UNKNOWN = "The webhook URL's host name could not be found";
export const WEBHOOK_URL_CREDENTIALS = "The webhook URL must not contain a user name or password";

export type AddressPolicy = { allowHttp: boolean; allowPrivate: boolean };

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, with the 169.254.169.254 metadata service
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique local, with AWS's fd00:ec2::254
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["2001:db8::", 32], // documentation
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped, -compatible or NAT64 IPv6 address, if any. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] as string, 16);
  const low = Number.parseInt(hex[2] as string, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address (v4 or v6) is one webhooks must not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner) return blocked.check(inner, "ipv4");
  return blocked.check(address, "ipv6");
}

const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, "");

/**
 * Why a URL may not receive webhooks, or undefined when it may. Resolves a host name (every address
 * it has must be public).
 */
export async function refusalOf(text: string, policy: AddressPolicy): Promise<string | undefined> {
  const url = new URL(text);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowHttp)) return WEBHOOK_NOT_HTTPS;
  if (url.username || url.password) return WEBHOOK_URL_CREDENTIALS;
  if (policy.allowPrivate) return undefined;
  const host = hostOf(url);
  if (isIP(host)) return isPrivateAddress(host) ? WEBHOOK_PRIVATE_ADDRESS : undefined;
  let addresses: LookupAddress[];
  try {
    addresses = await new Promise((resolve, reject) =>
      dnsLookup(host, { all: true }, (err, found) => (err ? reject(err) : resolve(found))),
    );
  } catch {
    return WEBHOOK_HOST_UNKNOWN;
  }
  if (addresses.length === 0) return WEBHOOK_HOST_UNKNOWN;
  return addresses.some((a) => isPrivateAddress(a.address)) ? WEBHOOK_PRIVATE_ADDRESS : undefined;
}

/**
 * A `lookup` for the HTTP agent: resolves as usual, then refuses the connection when the address
 * is private. (A URL with an IP address never reaches a lookup: the sender checks those itself.)
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, found) => {
    if (err) return callback(err, "", 0);
    const addresses = found as LookupAddress[];
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused || addresses.length === 0) {
      const error = Object.assign(
        new Error(`${WEBHOOK_PRIVATE_ADDRESS} (${hostname} is ${refused?.address ?? "nothing"})`),
        {
          code: "EWEBHOOKPRIVATE",
        },
      );
      return callback(error, "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
};

/** The IP literal of a URL's host, if it is one and private: refused before connecting. */
export function privateLiteralOf(url: URL): string | undefined {
  const host = hostOf(url);
  return isIP(host) && isPrivateAddress(host) ? host : undefined;
}

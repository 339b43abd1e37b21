import { isIPv4, isIPv6 } from 'node:net'

// What kind of network an IP address belongs to, so the feed fetcher can keep an
// admin-set feed URL from reaching the server's own network (issue 18): loopback,
// private networks, link-local (where cloud metadata services answer, 169.254.169.254)
// and the ranges that are never a public web server.

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  /** 100.64.0.0/10, carrier-grade NAT; also what Tailscale and similar overlays hand out. */
  | 'shared'
  | 'link-local'
  | 'unspecified'
  | 'multicast'
  /** Documentation, benchmarking, deprecated and future-use ranges: no public server lives there. */
  | 'reserved'

type Prefix = { network: Uint8Array; prefixLength: number }

function prefix(cidr: string): Prefix {
  const [address, prefixLength] = cidr.split('/')
  return { network: addressBytes(address!), prefixLength: Number(prefixLength) }
}

// First match wins: the narrower ranges come before the wider ones that hold them.
const ranges: Array<Prefix & { kind: AddressKind }> = (
  [
    ['0.0.0.0/32', 'unspecified'], // Linux connects it to the local host
    ['0.0.0.0/8', 'reserved'],
    ['10.0.0.0/8', 'private'],
    ['100.64.0.0/10', 'shared'],
    ['127.0.0.0/8', 'loopback'],
    ['169.254.0.0/16', 'link-local'],
    ['172.16.0.0/12', 'private'],
    ['192.0.0.0/24', 'reserved'],
    ['192.0.2.0/24', 'reserved'],
    ['192.168.0.0/16', 'private'],
    ['198.18.0.0/15', 'reserved'],
    ['198.51.100.0/24', 'reserved'],
    ['203.0.113.0/24', 'reserved'],
    ['224.0.0.0/4', 'multicast'],
    ['240.0.0.0/4', 'reserved'], // with the broadcast address 255.255.255.255
    ['::/128', 'unspecified'],
    ['::1/128', 'loopback'],
    ['::/96', 'reserved'], // IPv4-compatible addresses, deprecated
    ['100::/64', 'reserved'],
    ['2001:db8::/32', 'reserved'],
    ['fc00::/7', 'private'],
    ['fe80::/10', 'link-local'],
    ['fec0::/10', 'reserved'], // site-local, deprecated
    ['ff00::/8', 'multicast'],
  ] as const
).map(([cidr, kind]) => ({ ...prefix(cidr), kind }))

// IPv6 forms that carry an IPv4 address, which is where a connection to them ends up:
// IPv4-mapped (::ffff:10.0.0.1), NAT64 (64:ff9b::10.0.0.1) and 6to4 (2002:0a00:0001::).
const ipv4Carriers = [
  { carrier: prefix('::ffff:0:0/96'), ipv4Offset: 12 },
  { carrier: prefix('64:ff9b::/96'), ipv4Offset: 12 },
  { carrier: prefix('2002::/16'), ipv4Offset: 2 },
]

/** The kind of network `address` (an IPv4 or IPv6 literal, as DNS answers it) belongs to. */
export function classifyAddress(address: string): AddressKind {
  if (!isIPv4(address) && !isIPv6(address)) throw new TypeError(`Not an IP address: ${address}`)
  let bytes = addressBytes(address)
  const carrier = bytes.length === 16 && ipv4Carriers.find(({ carrier }) => inRange(bytes, carrier))
  if (carrier) bytes = bytes.subarray(carrier.ipv4Offset, carrier.ipv4Offset + 4)
  return ranges.find((range) => inRange(bytes, range))?.kind ?? 'public'
}

function inRange(bytes: Uint8Array, { network, prefixLength }: Prefix): boolean {
  if (bytes.length !== network.length) return false
  for (let bit = 0; bit < prefixLength; bit += 8) {
    const mask = 0xff << (8 - Math.min(8, prefixLength - bit))
    if ((bytes[bit / 8]! & mask) !== (network[bit / 8]! & mask)) return false
  }
  return true
}

/** The 4 or 16 bytes of a valid IP literal (callers check it with node:net first). */
function addressBytes(address: string): Uint8Array {
  if (isIPv4(address)) return Uint8Array.from(address.split('.'), Number)
  // a zone (fe80::1%eth0) names an interface, not part of the address
  let text = address.replace(/%.*$/, '')
  // a trailing dotted quad (::ffff:10.0.0.1) stands for the last two groups
  const quad = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/)
  if (quad) {
    const [a, b, c, d] = addressBytes(quad[2]!)
    text = `${quad[1]}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : [])
  const zeros = tail === undefined ? [] : Array<string>(8 - groupsOf(head).length - groupsOf(tail).length).fill('0')
  const groups = [...groupsOf(head), ...zeros, ...groupsOf(tail)].map((group) => parseInt(group, 16))
  return Uint8Array.from(groups.flatMap((group) => [group >> 8, group & 0xff]))
}

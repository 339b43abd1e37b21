import { describe, expect, test } from 'vitest'
import { classifyAddress, type AddressKind } from './ip-address.ts'

const expected: Array<[address: string, kind: AddressKind]> = [
  ['8.8.8.8', 'public'],
  ['93.184.215.14', 'public'],
  ['172.15.255.255', 'public'],
  ['172.32.0.1', 'public'],
  ['100.63.255.255', 'public'],
  ['2606:4700:4700::1111', 'public'],
  ['::ffff:8.8.8.8', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:192.168.0.1', 'private'],
  ['64:ff9b::10.0.0.1', 'private'],
  ['2002:c0a8:101::1', 'private'],
  ['100.64.0.1', 'shared'],
  ['100.127.255.255', 'shared'],
  ['169.254.169.254', 'link-local'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['0.1.2.3', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['203.0.113.9', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['::10.0.0.1', 'reserved'],
  ['fec0::1', 'reserved'],
]

describe('which network an address belongs to', () => {
  test.each(expected)('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind)
  })

  test('a host name is not an address', () => {
    expect(() => classifyAddress('localhost')).toThrow(TypeError)
  })
})

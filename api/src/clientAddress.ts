// The client's address, computed once per request by one function
// (clientAddressOf) and stored as ctx.ip, which the rate limits and the logs
// read (docs/security.md, section 5).
//
// Behind a proxy (TRUST_PROXY=1) the forwarding headers (X-Forwarded-For,
// -Proto, -Host) are honoured only when the socket's peer is one of the
// proxies' own addresses (PROXY_ADDRESSES, checked with proxy-addr, default
// loopback). Then the client is the address the nearest of TRUSTED_PROXIES
// proxies saw: the peer, then the last TRUSTED_PROXIES - 1 entries of
// X-Forwarded-For are proxies, the entry before them is the client; whatever a
// client wrote further left is ignored. From any other peer the headers are
// removed before Koa reads them, so the client is the peer itself and a
// made-up header cannot dodge a per-address limit.
import type { IncomingMessage } from 'node:http';
import type { Context, Next } from 'koa';
import proxyAddr from 'proxy-addr';
import ipaddr from 'ipaddr.js';

/** The proxies' own addresses when PROXY_ADDRESSES is unset: this machine (nginx beside the API). */
export const DEFAULT_PROXY_ADDRESSES = ['loopback'];

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

export interface ProxySettings {
  trustProxy: boolean;
  /** How many proxies append to X-Forwarded-For (TRUSTED_PROXIES, default 1). */
  trustedProxies?: number;
  /** The addresses or CIDRs the nearest proxy connects from (PROXY_ADDRESSES). */
  proxyAddresses?: string[];
}

/** A checker of "is this peer one of the proxies" for the settings; throws on an invalid entry. */
export function proxyPeerCheck(settings: ProxySettings): (address: string) => boolean {
  if (!settings.trustProxy) return () => false;
  const isProxy = proxyAddr.compile(settings.proxyAddresses ?? DEFAULT_PROXY_ADDRESSES);
  return (address) => isProxy(address, 0);
}

/**
 * The one function that says who the client is: for the settings, a function
 * of a request giving the socket's peer unless the peer is a trusted proxy,
 * and then the address the nearest of `trustedProxies` proxies saw.
 */
export function clientAddressOf(settings: ProxySettings) {
  const isProxy = proxyPeerCheck(settings);
  const hops = settings.trustedProxies ?? 1;
  // i = 0 is the peer (a proxy), i >= 1 the X-Forwarded-For entries from the right.
  const trusted = (_address: string, i: number) => i === 0 || i < hops;
  return function clientAddress(req: IncomingMessage): { address: string; fromProxy: boolean } {
    const peer = req.socket.remoteAddress ?? '';
    if (!isProxy(peer)) return { address: peer, fromProxy: false };
    return { address: proxyAddr(req, trusted), fromProxy: true };
  };
}

/**
 * First in the chain: stores the client's address as ctx.ip and removes the
 * forwarding headers that no trusted proxy sent, so Koa's ctx.protocol and
 * ctx.host fall back to the connection too.
 */
export function clientAddressMiddleware(settings: ProxySettings) {
  const clientAddress = clientAddressOf(settings);
  return async function setClientAddress(ctx: Context, next: Next) {
    const { address, fromProxy } = clientAddress(ctx.req);
    if (!fromProxy) for (const header of FORWARDING_HEADERS) delete ctx.req.headers[header];
    ctx.request.ip = normaliseAddress(address);
    await next();
  };
}

/**
 * One spelling per address (issue 39, finding 6): an IPv4-mapped IPv6
 * address (`::ffff:192.0.2.77`) becomes the IPv4 address, and IPv6 is
 * written in its short lower-case form (`2001:DB8:0:2:0:0:0:5` is
 * `2001:db8:0:2::5`). Anything ipaddr.js cannot read is kept as it came.
 */
export function normaliseAddress(address: string): string {
  const bare = address.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names no other client
  if (!ipaddr.isValid(bare)) return address;
  return ipaddr.process(bare).toString();
}

/**
 * The key every per-address limit counts under: an IPv4 address itself, an
 * IPv6 client by its /64 (every IPv6 client holds at least a /64, so the
 * addresses inside one are one client), `2001:db8:0:1::/64`.
 */
export function addressKey(address: string): string {
  const bare = normaliseAddress(address);
  if (!ipaddr.isValid(bare)) return bare;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/** The client's key for per-address limits (clientAddressMiddleware's address, IPv6 by its /64). */
export const clientIp = (ctx: Context): string => addressKey(ctx.ip);

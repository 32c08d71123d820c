// Who a request or a connection comes from. No imports: server/main.ts
// loads http-server.ts (which counts connections by it) with plain Node.

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/**
 * An address as its client knows it: listening on every address, Node reports
 * an IPv4 client as IPv6 (::ffff:192.0.2.1); that is the IPv4 address, not an
 * IPv6 client of a shared /64.
 */
export function unmapped(ip: string | undefined): string {
  return (ip && MAPPED_IPV4.exec(ip)?.[1]) ?? ip ?? "";
}

/**
 * Who a request comes from: the address Express reports (which honours
 * TRUST_PROXY), with IPv6 clients grouped by their /64 network, since one
 * host can use a whole /64.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  const plain = unmapped(ip);
  if (!plain.includes(":")) return plain;
  const [head = "", tail = ""] = ip.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [
        ...headGroups,
        ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"),
        ...tailGroups,
      ]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

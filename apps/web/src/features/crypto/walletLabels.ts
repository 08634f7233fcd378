/**
 * A deposit address in short, for places where the whole of it does not fit (a select's option):
 * its first and last characters, which a client compares with the address they know.
 */
export function shortAddress(address: string, head = 6, tail = 4): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`;
}

// @ts-check
// Invites and answers as short texts: the few things a WebRTC data channel needs from the other device, packed
// to bytes, deflated when that makes them shorter, and written in base64url, so that they fit in a link and in a
// QR code a phone reads at arm's length (docs/multi-device.md, "Connecting devices").
//
// A browser's offer or answer (its SDP) is a page of text, but for one data channel between two browsers only
// this matters: the ICE user fragment and password, the DTLS certificate's sha-256 fingerprint, the DTLS role
// (setup) and the UDP candidates (address or mDNS name, port, type). `compactOf` takes them from the local
// description, `pack` writes them, `unpack` reads them back (refusing anything malformed with a LinkError), and
// `expand` writes the SDP that the other device's setRemoteDescription accepts.
//
// The bytes (format 1):
//   [0] the format's version (1): a text of another version is refused as such (net.version), never misread
//   [1] flags: bit 0 an answer (not an invite), bit 1 the rest is deflated (deflate-raw),
//       bits 2-3 the DTLS role (0 actpass, 1 active, 2 passive)
//   then: ufrag (a length byte, ASCII), password (a length byte, ASCII), fingerprint (32 bytes), a count of
//   candidates, and each candidate: a byte (bits 0-1 its type: 0 host, 1 srflx, 2 relay; bits 2-3 its address:
//   0 IPv4 (4 bytes), 1 IPv6 (16 bytes), 2 an mDNS name <uuid>.local (16 bytes), 3 another name (a length byte,
//   UTF-8)), the address, the port (2 bytes, big-endian).

export const FORMAT_VERSION = 1;
/** The most candidates a text carries (a device with many interfaces keeps its best ones). */
export const MAX_CANDIDATES = 12;
/** The longest text that is read at all: a compact text is a few hundred characters. */
export const MAX_TEXT = 2048;
/** The most bytes a text may inflate to. */
const MAX_BYTES = 1024;

/** Why a link could not be made or used; `key` is a message key of the page's catalogues (`net.*`). */
export class LinkError extends Error {
  /**
   * @param {string} key  such as "net.invite_bad"
   * @param {string} message  what exactly was wrong, for the console and the tests
   */
  constructor(key, message) {
    super(message);
    this.name = "LinkError";
    this.key = key;
  }
}

/** @typedef {"invite" | "answer"} TextKind */
/** @typedef {"actpass" | "active" | "passive"} Setup */
/** @typedef {"host" | "srflx" | "relay"} CandidateType */
/** @typedef {{type: CandidateType, address: string, port: number}} Candidate */
/**
 * What a device sends the other: everything WebRTC needs of its description, and nothing else.
 * @typedef {object} Compact
 * @property {TextKind} kind
 * @property {string} ufrag
 * @property {string} pwd
 * @property {Uint8Array} fingerprint  the sha-256 of the DTLS certificate (32 bytes)
 * @property {Setup} setup
 * @property {Candidate[]} candidates
 */

const TYPES = /** @type {const} */ (["host", "srflx", "relay"]);
const SETUPS = /** @type {const} */ (["actpass", "active", "passive"]);
const ICE_CHARS = /^[A-Za-z0-9+/]+$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;
const ADDRESS_IPV4 = 0, ADDRESS_IPV6 = 1, ADDRESS_MDNS = 2, ADDRESS_NAME = 3;
const FLAG_ANSWER = 1, FLAG_DEFLATED = 2;

/**
 * The compact form of a local description (after ICE gathering): its first m= section's ICE and DTLS lines and
 * its UDP candidates of component 1, best first, at most MAX_CANDIDATES.
 * @param {string} sdp
 * @param {TextKind} kind
 * @returns {Compact}
 */
export function compactOf(sdp, kind) {
  const lines = sdp.split(/\r?\n/);
  /** @param {string} name */
  const attribute = (name) => {
    const line = lines.find((text) => text.startsWith(`a=${name}:`));
    return line === undefined ? null : line.slice(name.length + 3).trim();
  };
  const ufrag = attribute("ice-ufrag"), pwd = attribute("ice-pwd");
  const print = lines.find((text) => /^a=fingerprint:sha-256 /i.test(text));
  const setup = attribute("setup");
  if (!ufrag || !pwd || !print || !setup) {
    throw new LinkError("net.no_webrtc", "the local description lacks ice-ufrag, ice-pwd, a sha-256 fingerprint or setup");
  }
  const fingerprint = Uint8Array.from(print.slice(print.indexOf(" ") + 1).trim().split(":"),
    (pair) => parseInt(pair, 16));
  if (fingerprint.length !== 32 || fingerprint.some((byte) => Number.isNaN(byte))) {
    throw new LinkError("net.no_webrtc", `the local description's sha-256 fingerprint is malformed: ${print}`);
  }
  if (!(/** @type {readonly string[]} */ (SETUPS)).includes(setup)) {
    throw new LinkError("net.no_webrtc", `the local description's DTLS role is ${setup}`);
  }
  /** @type {(Candidate & {priority: number})[]} */
  const found = [];
  for (const line of lines) {
    if (!line.startsWith("a=candidate:")) continue;
    const [, component, transport, priority, address, port, typ, type] = line.slice(12).split(" ");
    if (component !== "1" || transport.toLowerCase() !== "udp" || typ !== "typ") continue;
    if (!(/** @type {readonly string[]} */ (TYPES)).includes(type)) continue;
    if (found.some((seen) => seen.address === address && seen.port === Number(port))) continue;
    found.push({ type: /** @type {CandidateType} */ (type), address, port: Number(port), priority: Number(priority) });
  }
  found.sort((a, b) => b.priority - a.priority);
  const candidates = found.slice(0, MAX_CANDIDATES).map(({ type, address, port }) => ({ type, address, port }));
  return { kind, ufrag, pwd, fingerprint, setup: /** @type {Setup} */ (setup), candidates };
}

/**
 * The compact text of a compact form: bytes, deflated when that is shorter, base64url.
 * @param {Compact} compact
 * @returns {Promise<string>}
 */
export async function pack(compact) {
  const body = [];
  const ascii = (/** @type {string} */ text) => {
    if (text.length > 255 || !ICE_CHARS.test(text)) throw new LinkError("net.no_webrtc", `not ICE characters: ${text}`);
    body.push(text.length, ...Array.from(text, (char) => char.charCodeAt(0)));
  };
  ascii(compact.ufrag);
  ascii(compact.pwd);
  body.push(...compact.fingerprint);
  body.push(compact.candidates.length);
  for (const { type, address, port } of compact.candidates) {
    const [kind, bytes] = addressBytes(address);
    body.push(TYPES.indexOf(type) | (kind << 2), ...bytes, port >> 8, port & 0xff);
  }
  const plain = Uint8Array.from(body);
  const deflated = await deflate(plain);
  const shorter = deflated !== null && deflated.length < plain.length;
  const flags = (compact.kind === "answer" ? FLAG_ANSWER : 0) | (shorter ? FLAG_DEFLATED : 0)
    | (SETUPS.indexOf(compact.setup) << 2);
  return toBase64url(Uint8Array.from([FORMAT_VERSION, flags, ...(shorter ? deflated : plain)]));
}

/**
 * Read a compact text back. Throws a LinkError: `net.<kind>_bad` for anything malformed (with what exactly in
 * its message), `net.version` for a text of another format version.
 * @param {string} text
 * @param {TextKind} kind  what the text should be
 * @returns {Promise<Compact>}
 */
export async function unpack(text, kind) {
  const bad = (/** @type {string} */ why) => new LinkError(`net.${kind}_bad`, `this ${kind} is malformed: ${why}`);
  if (typeof text !== "string") throw bad("not a text");
  const trimmed = text.trim();
  if (trimmed.length === 0) throw bad("it is empty");
  if (trimmed.length > MAX_TEXT) throw bad(`${trimmed.length} characters, more than ${MAX_TEXT}`);
  const bytes = fromBase64url(trimmed);
  if (bytes === null) throw bad("it is not base64url");
  if (bytes.length < 2) throw bad("it is cut short");
  if (bytes[0] !== FORMAT_VERSION) {
    throw new LinkError("net.version", `this ${kind} is of format ${bytes[0]}; this page reads format ${FORMAT_VERSION}`);
  }
  const flags = bytes[1];
  if (flags & ~0b1111) throw bad(`unknown flags ${flags}`);
  const isAnswer = (flags & FLAG_ANSWER) !== 0;
  if (isAnswer !== (kind === "answer")) throw bad(`it is an ${isAnswer ? "answer" : "invite"}, not an ${kind}`);
  const setup = SETUPS[(flags >> 2) & 3];
  if (setup === undefined) throw bad("unknown DTLS role");
  if ((kind === "invite") !== (setup === "actpass")) throw bad(`an ${kind} cannot have the DTLS role ${setup}`);
  let body = bytes.subarray(2);
  if (flags & FLAG_DEFLATED) {
    const inflated = await inflate(body);
    if (inflated === null) throw bad("its deflated bytes do not inflate");
    body = inflated;
  }
  let at = 0;
  const take = (/** @type {number} */ count) => {
    if (at + count > body.length) throw bad("it is cut short");
    const slice = body.subarray(at, at + count);
    at += count;
    return slice;
  };
  const ascii = (/** @type {string} */ name, /** @type {number} */ least) => {
    const value = String.fromCharCode(...take(take(1)[0]));
    if (value.length < least || !ICE_CHARS.test(value)) throw bad(`its ${name} is not ICE characters`);
    return value;
  };
  const ufrag = ascii("ufrag", 4);
  const pwd = ascii("password", 22);
  const fingerprint = Uint8Array.from(take(32));
  const count = take(1)[0];
  if (count > MAX_CANDIDATES) throw bad(`${count} candidates, more than ${MAX_CANDIDATES}`);
  /** @type {Candidate[]} */
  const candidates = [];
  for (let index = 0; index < count; index += 1) {
    const head = take(1)[0];
    const type = TYPES[head & 3];
    if (type === undefined || head >> 4) throw bad(`candidate ${index + 1} has an unknown type`);
    const address = readAddress((head >> 2) & 3, take, bad);
    const [high, low] = take(2);
    const port = (high << 8) | low;
    if (port === 0) throw bad(`candidate ${index + 1} has port 0`);
    candidates.push({ type, address, port });
  }
  if (at !== body.length) throw bad(`${body.length - at} bytes after its last candidate`);
  return { kind, ufrag, pwd, fingerprint, setup, candidates };
}

/**
 * The SDP of a compact form, for setRemoteDescription: one data-channel m= section (SCTP over DTLS over ICE,
 * BUNDLE'd as mid 0, as browsers make it), its ICE credentials, fingerprint, role and candidates.
 * @param {Compact} compact
 * @returns {string}
 */
export function expand(compact) {
  const hex = Array.from(compact.fingerprint, (byte) => byte.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const session = Array.from(compact.fingerprint.subarray(0, 6), (byte) => byte.toString(10)).join("").slice(0, 15);
  const lines = [
    "v=0",
    `o=- ${session || "1"} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
  ];
  compact.candidates.forEach(({ type, address, port }, index) => {
    // RFC 8445's recommended priority: the type's preference, then the order they came in, component 1
    const priority = ({ host: 126, srflx: 100, relay: 0 })[type] * 2 ** 24 + (65535 - index) * 2 ** 8 + 255;
    const related = type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    lines.push(`a=candidate:${index + 1} 1 udp ${priority} ${address} ${port} typ ${type}${related}`);
  });
  lines.push(
    "a=end-of-candidates",
    `a=ice-ufrag:${compact.ufrag}`,
    `a=ice-pwd:${compact.pwd}`,
    `a=fingerprint:sha-256 ${hex}`,
    `a=setup:${compact.setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  );
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * A local description's compact text.
 * @param {string} sdp
 * @param {TextKind} kind
 */
export function encode(sdp, kind) {
  return pack(compactOf(sdp, kind));
}

/**
 * The SDP of a compact text (throws LinkError as `unpack`).
 * @param {string} text
 * @param {TextKind} kind
 */
export async function decode(text, kind) {
  return expand(await unpack(text, kind));
}

// -- addresses ----------------------------------------------------------------------------------------------------

/**
 * @param {string} address  an IPv4 or IPv6 address, an mDNS name, or another host name
 * @returns {[number, number[]]}  its kind and bytes
 */
function addressBytes(address) {
  const v4 = IPV4.exec(address);
  if (v4 && v4.slice(1).every((part) => Number(part) <= 255)) return [ADDRESS_IPV4, v4.slice(1).map(Number)];
  const mdns = MDNS.exec(address);
  if (mdns) return [ADDRESS_MDNS, hexBytes(mdns.slice(1).join(""))];
  const v6 = address.includes(":") ? ipv6Bytes(address) : null;
  if (v6) return [ADDRESS_IPV6, v6];
  const name = Array.from(new TextEncoder().encode(address));
  if (name.length === 0 || name.length > 255) throw new LinkError("net.no_webrtc", `a candidate's address: ${address}`);
  return [ADDRESS_NAME, [name.length, ...name]];
}

/**
 * @param {number} kind
 * @param {(count: number) => Uint8Array} take
 * @param {(why: string) => LinkError} bad
 */
function readAddress(kind, take, bad) {
  if (kind === ADDRESS_IPV4) return Array.from(take(4)).join(".");
  if (kind === ADDRESS_IPV6) {
    const bytes = take(16);
    const groups = [];
    for (let index = 0; index < 16; index += 2) groups.push(((bytes[index] << 8) | bytes[index + 1]).toString(16));
    return groups.join(":");
  }
  if (kind === ADDRESS_MDNS) {
    const hex = Array.from(take(16), (byte) => byte.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  }
  const bytes = take(take(1)[0]);
  let name;
  try {
    name = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw bad("a candidate's name is not UTF-8");
  }
  // a name goes into an SDP line: nothing that could end or split it
  if (!/^[A-Za-z0-9.-]+$/.test(name)) throw bad(`a candidate's name is not a host name: ${JSON.stringify(name)}`);
  return name;
}

/** @param {string} hex */
function hexBytes(hex) {
  const bytes = [];
  for (let index = 0; index < hex.length; index += 2) bytes.push(parseInt(hex.slice(index, index + 2), 16));
  return bytes;
}

/**
 * The 16 bytes of an IPv6 address in any of its text forms (with "::", a zone after "%" dropped), or null.
 * @param {string} address
 * @returns {number[] | null}
 */
function ipv6Bytes(address) {
  const text = address.split("%")[0];
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (/** @type {string} */ part) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0]), tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]);
}

// -- bytes ----------------------------------------------------------------------------------------------------------

/**
 * @param {Uint8Array} bytes
 * @returns {Promise<Uint8Array | null>}  null where the browser has no CompressionStream
 */
async function deflate(bytes) {
  if (typeof CompressionStream !== "function") return null;
  const stream = new Blob([bytes.slice()]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * @param {Uint8Array} bytes
 * @returns {Promise<Uint8Array | null>}  null for bytes that do not inflate, or inflate to more than MAX_BYTES
 */
async function inflate(bytes) {
  if (typeof DecompressionStream !== "function") return null;
  const reader = new Blob([bytes.slice()]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_BYTES) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  const joined = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

/** @param {Uint8Array} bytes */
function toBase64url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * @param {string} text
 * @returns {Uint8Array | null}
 */
function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

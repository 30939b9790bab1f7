/**
 * MD5 of a string's UTF-8 bytes, as lowercase hex (RFC 1321). Only the request signature uses it
 * (spec section 7); a library would bring hashing modes the sign-in page does not need. Checked
 * against Node's crypto on arbitrary strings in signature.test.ts.
 */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

export function md5(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const blocks = ((bytes.length + 8) >>> 6) + 1;
  const words = new Uint32Array(blocks * 16);
  for (let i = 0; i < bytes.length; i++) words[i >>> 2] = (words[i >>> 2] as number) | ((bytes[i] as number) << ((i % 4) * 8));
  words[bytes.length >>> 2] = (words[bytes.length >>> 2] as number) | (0x80 << ((bytes.length % 4) * 8));
  words[blocks * 16 - 2] = (bytes.length * 8) >>> 0;
  words[blocks * 16 - 1] = Math.floor(bytes.length / 0x20000000);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  for (let block = 0; block < blocks; block++) {
    let [a, b, c, d] = [a0, b0, c0, d0];
    for (let i = 0; i < 64; i++) {
      const round = i >>> 4;
      let f: number;
      let g: number;
      if (round === 0) [f, g] = [(b & c) | (~b & d), i];
      else if (round === 1) [f, g] = [(d & b) | (~d & c), (5 * i + 1) % 16];
      else if (round === 2) [f, g] = [b ^ c ^ d, (3 * i + 5) % 16];
      else [f, g] = [c ^ (b | ~d), (7 * i) % 16];
      const sum = (a + f + (K[i] as number) + (words[block * 16 + g] as number)) >>> 0;
      const shift = SHIFTS[round * 4 + (i % 4)] as number;
      [a, d, c] = [d, c, b];
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  return [a0, b0, c0, d0]
    .map((word) => Array.from({ length: 4 }, (_, i) => ((word >>> (i * 8)) & 0xff).toString(16).padStart(2, '0')).join(''))
    .join('');
}

/**
 * Tar blocks written by hand, so a test can make archives no tar program would (unlisted entries, sizes
 * that lie, links, bombs of names).
 */

/** One ustar header block; `type` is the typeflag ('0' file, '1' hard link, '2' symlink, '5' folder, 'x' pax). */
export function tarHeader(name: string, size: number, type = '0', linkTo = ''): Buffer {
  const header = Buffer.alloc(512);
  const put = (text: string, offset: number, length: number) => header.write(text.slice(0, length), offset, 'utf8');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0');
  put(name, 0, 100);
  put(octal(0o600, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(1_700_000_000, 12), 136, 12);
  header.fill(' ', 148, 156);
  put(type, 156, 1);
  put(linkTo, 157, 100);
  put('ustar\u000000', 257, 8);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(`${octal(sum, 7)}\u0000 `, 148, 8);
  return header;
}

/** The zeros that fill an entry's data to a whole block. */
export function tarPadding(length: number): Buffer {
  return Buffer.alloc((512 - (length % 512)) % 512);
}

/** A file entry: its header, its data and the padding after it. */
export function tarFile(name: string, data: Buffer): Buffer {
  return Buffer.concat([tarHeader(name, data.length), data, tarPadding(data.length)]);
}

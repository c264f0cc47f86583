// Draws the app icon (an open book with a ribbon on a warm rounded square) to build/icon.png, from which
// electron-builder derives every platform's icon. Built-in modules only: run `node build/make-icon.mjs`.
import fs from 'node:fs';
import zlib from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4; // per axis, for smooth edges

const BACKGROUND_TOP = [226, 124, 64];
const BACKGROUND_BOTTOM = [184, 70, 42];
const COVER = [110, 42, 28];
const PAGE = [255, 246, 230];
const TEXT_LINE = [232, 207, 174];
const RIBBON = [244, 185, 66];

function insideRoundedSquare(x, y, min, max, radius) {
  if (x < min || x > max || y < min || y > max) return false;
  const cx = Math.min(Math.max(x, min + radius), max - radius);
  const cy = Math.min(Math.max(y, min + radius), max - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** Points of a convex polygon, in order, either way round. */
function insidePolygon(x, y, points) {
  let sign = 0;
  for (let i = 0; i < points.length; i++) {
    const [ax, ay] = points[i];
    const [bx, by] = points[(i + 1) % points.length];
    const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

const mirror = (points) => points.map(([x, y]) => [SIZE - x, y]).reverse();

// The pages tilt up towards the outer edges, like a book lying open.
const leftPage = [
  [100, 160],
  [248, 186],
  [248, 372],
  [100, 346],
];
const leftCover = [
  [84, 172],
  [256, 202],
  [256, 392],
  [84, 362],
];
const slope = (186 - 160) / (248 - 100);

function textLines(fromX, toX, firstY, count) {
  const lines = [];
  for (let i = 0; i < count; i++) {
    const y = firstY + i * 28;
    const width = i === count - 1 ? (toX - fromX) * 0.6 : toX - fromX; // a short last line ends the paragraph
    const endX = fromX + width;
    const yAt = (x) => y + slope * (x - 100);
    lines.push([
      [fromX, yAt(fromX)],
      [endX, yAt(endX)],
      [endX, yAt(endX) + 8],
      [fromX, yAt(fromX) + 8],
    ]);
  }
  return lines;
}

const leftLines = textLines(122, 228, 200, 5);
const shapes = [
  { color: COVER, polygons: [leftCover, mirror(leftCover)] },
  { color: PAGE, polygons: [leftPage, mirror(leftPage)] },
  { color: TEXT_LINE, polygons: [...leftLines, ...leftLines.map(mirror)] },
  {
    color: RIBBON,
    polygons: [
      [
        [326, 140],
        [350, 140],
        [350, 318],
        [338, 304],
        [326, 318],
      ],
    ],
  },
];

function sampleColor(x, y) {
  if (!insideRoundedSquare(x, y, 24, SIZE - 24, 104)) return null;
  const t = (y - 24) / (SIZE - 48);
  let color = BACKGROUND_TOP.map((top, i) => top + (BACKGROUND_BOTTOM[i] - top) * t);
  for (const shape of shapes) {
    if (shape.polygons.some((polygon) => insidePolygon(x, y, polygon))) color = shape.color;
  }
  return color;
}

function render() {
  const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1));
  for (let py = 0; py < SIZE; py++) {
    const rowStart = py * (SIZE * 4 + 1);
    rows[rowStart] = 0; // filter: none
    for (let px = 0; px < SIZE; px++) {
      let r = 0,
        g = 0,
        b = 0,
        covered = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const color = sampleColor(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
          if (!color) continue;
          r += color[0];
          g += color[1];
          b += color[2];
          covered++;
        }
      }
      const offset = rowStart + 1 + px * 4;
      if (covered > 0) {
        rows[offset] = Math.round(r / covered);
        rows[offset + 1] = Math.round(g / covered);
        rows[offset + 2] = Math.round(b / covered);
      }
      rows[offset + 3] = Math.round((255 * covered) / SAMPLES ** 2);
    }
  }
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bits per channel
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', zlib.deflateSync(render(), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
fs.writeFileSync(new URL('./icon.png', import.meta.url), png);
console.log(`build/icon.png: ${SIZE}x${SIZE}, ${png.length} bytes`);

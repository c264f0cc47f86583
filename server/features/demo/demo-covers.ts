import fs from 'node:fs';
import path from 'node:path';

/** Made here, never fetched: covers are drawn for the demo's books on the host's own machine. */
const WIDTH = 300;
const HEIGHT = 450;

/** The club's link to a demo cover (served from the data folder's images/covers/ like the lookup's covers). */
export function demoCoverUrl(name: string): string {
  return `/images/covers/${fileName(name)}`;
}

function fileName(name: string): string {
  return `demo-${name}.webp`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** A title broken into lines of at most `width` characters (words are never split), at most four lines. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = out.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out.slice(0, 4);
}

/** A simple, distinct cover: two tones, an ornament, the title and the author. */
export function coverSvg(title: string, author: string, seed: number): string {
  const hue = (seed * 47) % 360;
  const titleLines = lines(title, 14);
  const ornaments = [
    `<circle cx="150" cy="150" r="62" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="5"/>`,
    `<rect x="95" y="95" width="110" height="110" transform="rotate(45 150 150)" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="5"/>`,
    `<path d="M60 190 Q150 70 240 190" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="5"/>`,
  ];
  const text = titleLines
    .map((line, i) => `<text x="150" y="${292 + i * 34}" font-family="serif" font-size="29" fill="#fff" text-anchor="middle">${escapeXml(line)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},50%,36%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 30) % 360},55%,18%)"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>` +
    `<rect x="14" y="14" width="${WIDTH - 28}" height="${HEIGHT - 28}" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="2"/>` +
    ornaments[seed % ornaments.length] +
    text +
    `<text x="150" y="${HEIGHT - 42}" font-family="sans-serif" font-size="17" fill="#f3e9dc" text-anchor="middle">${escapeXml(author)}</text>` +
    `</svg>`
  );
}

/** Draws each cover as WebP into `coversDir` (in parallel: sharp works on libuv's threads). */
export async function writeDemoCovers(coversDir: string, covers: { name: string; title: string; author: string }[]): Promise<void> {
  // Loaded here, as avatars and the lookup load it: the heaviest module the server has.
  const { default: sharp } = await import('sharp');
  fs.mkdirSync(coversDir, { recursive: true, mode: 0o700 });
  await Promise.all(
    covers.map(async ({ name, title, author }, i) => {
      const webp = await sharp(Buffer.from(coverSvg(title, author, i + 3)))
        .webp({ quality: 78 })
        .toBuffer();
      fs.writeFileSync(path.join(coversDir, fileName(name)), webp, { mode: 0o600 });
    }),
  );
}

import { BadGateway } from '../scrape';

/** Covers fit in this box (a book's usual 2:3), never enlarged: a page shows them at most 200 px wide. */
const COVER_WIDTH = 400;
const COVER_HEIGHT = 600;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Open Library's cover as the club keeps it: read as a picture whatever it claims to be, turned upright,
 * fitted in 400 × 600 and saved as WebP. Anything that is not a picture is a 502: Open Library's fault.
 */
export async function resizeCover(bytes: Buffer): Promise<Buffer> {
  // Loaded on the first cover, as avatars load it: the heaviest module the server has.
  const { default: sharp } = await import('sharp');
  try {
    const { format } = await sharp(bytes).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`not a cover: ${format}`);
    return await sharp(bytes, { failOn: 'truncated', animated: false, limitInputPixels: 64_000_000 })
      .rotate()
      .resize(COVER_WIDTH, COVER_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    throw new BadGateway('lookup:coverNotImage', {}, error);
  }
}

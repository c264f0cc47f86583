import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrCodeImage } from './qr-code';

/** What a camera reads off the image at `size` pixels: the image's SVG drawn, then decoded. */
async function scan(image: string, size: number): Promise<string | null> {
  expect(image.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
  const svg = decodeURIComponent(image.slice(image.indexOf(',') + 1));
  const { data, info } = await sharp(Buffer.from(svg)).resize(size, size, { kernel: 'nearest' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe('the QR code of an address', () => {
  it('reads back as the address, at the size the page shows it', async () => {
    for (const address of ['http://192.168.1.5:8080', 'https://club.example.org/', 'http://[fe80::1c2b:3aff:fe4d:5e6f]:8080']) {
      expect(await scan(await qrCodeImage(address), 200)).toBe(address);
    }
  });

  it('is black on white with a margin, whatever the page’s theme', async () => {
    const svg = decodeURIComponent((await qrCodeImage('http://192.168.1.5:8080')).split(',')[1]!);
    expect(svg).toContain('#ffffff');
    expect(svg).toContain('#000000');
    const { data, info } = await sharp(Buffer.from(svg)).resize(200, 200, { kernel: 'nearest' }).greyscale().raw().toBuffer({ resolveWithObject: true });
    // The first and last rows and columns are the quiet zone: white.
    for (let i = 0; i < info.width; i++) {
      for (const pixel of [data[i], data[(info.height - 1) * info.width + i], data[i * info.width], data[i * info.width + info.width - 1]])
        expect(pixel).toBe(255);
    }
  });
});

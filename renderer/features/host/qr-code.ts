import QRCode from 'qrcode/lib/browser';

/**
 * A QR code of `text` as an image address (an SVG): black on white whatever the theme, medium error
 * correction, and the standard's four modules of white around it, so a phone's camera finds it on a screen
 * or on paper.
 */
export async function qrCodeImage(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

import net from 'node:net';

/**
 * The default From: the club's name at the host members know it by, `"Book Club" <bookclub@club.example.org>`.
 * An IP address or no PUBLIC_URL gives `bookclub@localhost`: a bare IP is not a valid mail domain.
 */
export function defaultMailFrom(siteName: string, publicUrl: string | undefined): string {
  const hostname = publicUrl && URL.canParse(publicUrl) ? new URL(publicUrl).hostname : '';
  const domain = hostname && !net.isIP(hostname.replace(/^\[|\]$/g, '')) ? hostname : 'localhost';
  // Quoted, so a name with commas or angle brackets stays one display name; nodemailer encodes non-ASCII.
  const name = siteName.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, '\\$&');
  return `"${name}" <bookclub@${domain}>`;
}

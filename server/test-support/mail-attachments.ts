import { parseMail } from './mail-reader';

export interface ReadAttachment {
  filename: string;
  /** The Content-Type header as written, parameters included. */
  contentType: string;
  /** The file's bytes as UTF-8 text, transfer encoding undone. */
  content: string;
}

/** The attachments of a mail as nodemailer writes it (multipart/mixed, perhaps nested), in order. */
export function attachmentsOf(raw: string): ReadAttachment[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseMail(raw.slice(0, split) + '\r\n\r\n').headers;
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => attachmentsOf(part.replace(/^\r?\n/, '')));
  }
  const disposition = headers.get('content-disposition') ?? '';
  if (!disposition.startsWith('attachment')) return [];
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? '';
  // parseMail reads any single part that is not HTML as text, its transfer encoding undone.
  return [{ filename, contentType: type, content: parseMail(raw).text ?? '' }];
}

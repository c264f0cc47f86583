/** What copying needs of the browser: its clipboard (absent on a plain-http LAN address) and the document. */
export interface CopyEnvironment {
  clipboard?: Pick<Clipboard, 'writeText'>;
  document: Pick<Document, 'createElement' | 'execCommand'> & { body: Pick<HTMLElement, 'append'> };
}

function browserEnvironment(): CopyEnvironment {
  return { clipboard: typeof navigator === 'undefined' ? undefined : navigator.clipboard, document };
}

/**
 * Puts `text` on the clipboard; true when it got there. The clipboard API exists only on secure pages
 * (https, localhost): on the club's LAN address (plain http) the older copy command of a selected text
 * does it instead. False when neither works; the caller then lets the member copy by hand.
 */
export async function copyText(text: string, environment: CopyEnvironment = browserEnvironment()): Promise<boolean> {
  try {
    if (environment.clipboard) {
      await environment.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, the page not focused): try the older way.
  }
  const area = environment.document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  environment.document.body.append(area);
  try {
    area.select();
    return environment.document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

import { describe, expect, it } from 'vitest';
import { copyText, type CopyEnvironment } from './copy-text';

/** A document whose old copy command copies the selected textarea's value, when it works at all. */
function page(commandWorks: boolean) {
  const copied: string[] = [];
  const areas: { value: string; removed: boolean }[] = [];
  let selected: { value: string } | null = null;
  const document: CopyEnvironment['document'] = {
    createElement: (() => {
      const area = {
        value: '',
        removed: false,
        style: {},
        setAttribute() {},
        select() {
          selected = area;
        },
        remove() {
          area.removed = true;
        },
      };
      areas.push(area);
      return area;
    }) as unknown as Document['createElement'],
    execCommand: () => {
      if (commandWorks && selected) copied.push(selected.value);
      return commandWorks;
    },
    body: { append() {} },
  };
  return { document, copied, areas };
}

describe('copying an address', () => {
  it('uses the clipboard where the browser offers it', async () => {
    const written: string[] = [];
    const { document, areas } = page(true);
    expect(await copyText('http://192.168.1.5:8080', { clipboard: { writeText: async (text) => void written.push(text) }, document })).toBe(true);
    expect(written).toEqual(['http://192.168.1.5:8080']);
    expect(areas).toHaveLength(0);
  });

  it('copies a selected text on a plain-http page, which has no clipboard, and leaves nothing behind', async () => {
    const { document, copied, areas } = page(true);
    expect(await copyText('http://192.168.1.5:8080', { document })).toBe(true);
    expect(copied).toEqual(['http://192.168.1.5:8080']);
    expect(areas.every((area) => area.removed)).toBe(true);
  });

  it('falls back when the clipboard refuses', async () => {
    const { document, copied } = page(true);
    const refusing = { writeText: () => Promise.reject(new DOMException('Document is not focused', 'NotAllowedError')) };
    expect(await copyText('K7Q2-9XWD', { clipboard: refusing, document })).toBe(true);
    expect(copied).toEqual(['K7Q2-9XWD']);
  });

  it('says so when nothing could copy', async () => {
    const { document, areas } = page(false);
    expect(await copyText('K7Q2-9XWD', { document })).toBe(false);
    expect(areas.every((area) => area.removed)).toBe(true);
  });
});

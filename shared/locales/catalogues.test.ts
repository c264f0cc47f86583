import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..', '..');

/** Every key of a catalogue as "namespace:dotted.key". */
function keysOf(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => {
      const namespace = file.replace(/\.json$/, '');
      const walk = (node: unknown, prefix: string): string[] =>
        typeof node === 'object' && node !== null
          ? Object.entries(node).flatMap(([key, value]) => walk(value, prefix ? `${prefix}.${key}` : key))
          : [`${namespace}:${prefix}`];
      return walk(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), '');
    })
    .sort();
}

describe.each(['shared/locales', 'renderer/locales'])('the %s catalogues', (folder) => {
  it('have the same keys in English and Slovak', () => {
    const en = keysOf(path.join(root, folder, 'en'));
    const sk = keysOf(path.join(root, folder, 'sk'));
    expect(en.length).toBeGreaterThan(0);
    expect(
      sk.filter((key) => !en.includes(key)),
      'only in Slovak',
    ).toEqual([]);
    expect(
      en.filter((key) => !sk.includes(key)),
      'only in English',
    ).toEqual([]);
  });

  it('have no empty strings', () => {
    for (const lang of ['en', 'sk']) {
      const dir = path.join(root, folder, lang);
      for (const file of fs.readdirSync(dir)) {
        expect(fs.readFileSync(path.join(dir, file), 'utf8'), `${lang}/${file}`).not.toMatch(/:\s*""/);
      }
    }
  });
});

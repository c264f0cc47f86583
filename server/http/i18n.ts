import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/constants';
import { sharedCatalogues } from '../../shared/locales';

type Catalogue = Record<string, unknown>;

function lookup(catalogue: Catalogue, dottedKey: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of dottedKey.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Catalogue)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates "namespace:key.path" (the same keys the renderer uses) with {{name}} placeholders;
 * falls back to English, then to the key itself.
 */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['errors', key];
  const find = (lang: Language) =>
    lookup((sharedCatalogues[lang] as Record<string, Catalogue>)[namespace] ?? {}, path);
  const text = find(language) ?? find(DEFAULT_LANGUAGE) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The language of a request: the best of Accept-Language's en/sk, else the club's default.
 * Obskurnee's client sent "Bearer sk"; that prefix is tolerated.
 */
export function requestLanguage(header: string | undefined, fallback: Language = DEFAULT_LANGUAGE): Language {
  if (!header) return fallback;
  const ranges = header
    .replace(/^\s*bearer\s+/i, '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges.map((range) => range.primary).find(isLanguage) ?? fallback;
}

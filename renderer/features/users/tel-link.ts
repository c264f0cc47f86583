/**
 * A phone is whatever the member typed (DECISIONS.md: any text, as Obskurnee stores it): it is dialled when it
 * starts with a number of three digits or more ("+421 900 123 456 ext. 12" dials the number), else shown as text.
 */
export function telLink(phone: string): string | null {
  const number = /^\s*\+?[\d\s()/.-]+/.exec(phone)?.[0] ?? '';
  const dialled = number.trim().replace(/[^\d+]/g, '');
  return dialled.replace('+', '').length >= 3 ? `tel:${dialled}` : null;
}

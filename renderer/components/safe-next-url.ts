/** Only a path inside this app: never another site, never a protocol-relative //host. */
export function safeNextUrl(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

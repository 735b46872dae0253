const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * XML's five entities and character references (`&#x0259;`, `&#601;`) decoded, for the documents
 * Orator reads with the parser's own entity handling off (SSML, PLS): no DOCTYPE is accepted, so
 * any other name after `&` is an error, made by `refuse` in the caller's own terms.
 */
export function decodeXmlEntities(raw: string, refuse: (message: string) => Error): string {
  return raw.replace(/&([^;&\s]*);?/gu, (whole, name: string) => {
    if (!whole.endsWith(';')) throw refuse('a bare "&" (write &amp;)');
    if (name in xmlEntities) return xmlEntities[name]!;
    const code = /^#x[0-9a-f]{1,6}$/iu.test(name) ? parseInt(name.slice(2), 16) : /^#[0-9]{1,7}$/u.test(name) ? parseInt(name.slice(1), 10) : NaN;
    if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw refuse(`unknown entity &${name.slice(0, 20)};`);
    return String.fromCodePoint(code);
  });
}

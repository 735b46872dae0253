import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SsmlError } from './ssml-error.js';
import { decodeXmlEntities } from '../xml-entities.js';

/** An element of the document, attributes and children in document order. */
export interface SsmlElement {
  name: string;
  attributes: Record<string, string>;
  children: SsmlNode[];
}
export type SsmlNode = SsmlElement | string;

/** W3C's nesting is unbounded; a speech request's is not. */
export const maxNesting = 16;
export const maxElements = 500;

/** A text is an SSML document when its first non-blank characters open a speak element (an XML declaration may come first). */
export function isSsml(text: string): boolean {
  return /^\s*(<\?xml[^>]*\?>\s*)?<speak[\s>/]/u.test(text);
}

/** XML's five entities and character references; anything else named with `&` is malformed. */
const decodeEntities = (raw: string): string => decodeXmlEntities(raw, (message) => new SsmlError('malformed', message));

/**
 * Refused before any parsing: a DOCTYPE (entity expansion), processing instructions other than
 * the XML declaration, and nesting past the bound, counted on the raw tags so that the parser
 * never recurses deeper than that.
 */
function precheck(text: string): void {
  if (/<!DOCTYPE|<!ENTITY/iu.test(text)) throw new SsmlError('malformed', 'DOCTYPE and entity declarations are not accepted');
  if (/<\?(?!xml[\s?])/u.test(text.replace(/^\s*/u, '')) || /<\?/u.test(text.replace(/^\s*<\?xml[^>]*\?>/u, ''))) {
    throw new SsmlError('malformed', 'processing instructions are not accepted');
  }
  let depth = 0;
  let elements = 0;
  for (const tag of text.matchAll(/<(\/?)[^\s<>/!?]+[^<>]*?(\/?)>/gu)) {
    if (tag[1]) depth--;
    else if (!tag[2]) depth++;
    if (!tag[1]) elements++;
    if (depth > maxNesting + 1) throw new SsmlError('too_large', `elements nested deeper than ${maxNesting}`);
    if (elements > maxElements) throw new SsmlError('too_large', `more than ${maxElements} elements`);
  }
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: false,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
});

type Parsed = Record<string, unknown> & { ':@'?: Record<string, string> };

function toNodes(items: Parsed[], depth: number): SsmlNode[] {
  const nodes: SsmlNode[] = [];
  for (const item of items) {
    const name = Object.keys(item).find((key) => key !== ':@')!;
    const value = item[name];
    if (name === '#text') nodes.push(decodeEntities(String(value)));
    else if (name === '#cdata') nodes.push((value as Parsed[]).map((t) => String(t['#text'] ?? '')).join(''));
    else if (name === '#comment') continue;
    else {
      if (depth > maxNesting) throw new SsmlError('too_large', `elements nested deeper than ${maxNesting}`);
      const attributes: Record<string, string> = {};
      for (const [key, raw] of Object.entries(item[':@'] ?? {})) attributes[key] = decodeEntities(String(raw));
      nodes.push({ name, attributes, children: toNodes(value as Parsed[], depth + 1) });
    }
  }
  return nodes;
}

/** The document's `speak` element; malformed XML or anything around the root is refused, naming where. */
export function parseSsml(text: string): SsmlElement {
  precheck(text);
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) throw new SsmlError('malformed', `${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  const roots = toNodes(parser.parse(text) as Parsed[], 0).filter((node) => typeof node !== 'string' || node.trim() !== '');
  const root = roots[0];
  if (roots.length !== 1 || typeof root === 'string' || root.name !== 'speak') throw new SsmlError('malformed', 'the document must be one speak element');
  return root;
}

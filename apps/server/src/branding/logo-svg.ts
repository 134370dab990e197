// What an SVG logo may hold before anything renders it (decision 0046). Two kinds of hazard:
// - reaching outside itself: a script, an event handler, an entity, embedded HTML, any reference
//   to another file (an `href` or `url()` that is not `#…` within the document);
// - costing far more to draw than its size says: `<use>` (and `url(#…)`) draw another element
//   again, so ten levels of ten copies each are 10^10 shapes in 2 KB (issue 34: one took ~9 s of
//   the threads the whole process shares). The document is read tag by tag and every element is
//   counted as often as it would be drawn, references included; past the caps it is refused.
// The render has a time budget of its own too (logo-renderer.ts): this check is the first line.
import { AppError } from "../http/errors";

/** Elements an SVG logo may hold as written (a real logo has tens to a few hundred). */
export const MAX_SVG_ELEMENTS = 5_000;
/** Elements it may draw, each `<use>` or `url(#…)` counting what it draws again. */
export const MAX_SVG_DRAWN = 10_000;
/** How deeply its elements may nest. */
export const MAX_SVG_DEPTH = 64;

export const unsafeLogo = (message: string) => new AppError(415, message);

const UNSAFE_SVG: [RegExp, string][] = [
  [/<script/i, "a script"],
  [/\son[a-z]+\s*=/i, "an event handler"],
  [/<!(DOCTYPE|ENTITY)/i, "a document type or entity"],
  [/<foreignObject/i, "embedded HTML"],
  [/(?:xlink:)?href\s*=\s*["'](?!#)/i, "a reference to another file"],
  [/url\(\s*["']?(?!#)/i, "a reference to another file"],
  [/<\?xml-stylesheet/i, "a stylesheet reference"],
];

const refuse = (what: string) => unsafeLogo(`The SVG logo contains ${what}; save it as a plain SVG or a PNG.`);
const tooComplex = () =>
  unsafeLogo(
    `The SVG logo is too complex to draw: at most ${MAX_SVG_ELEMENTS.toLocaleString("en-GB")} elements, ` +
      `${MAX_SVG_DRAWN.toLocaleString("en-GB")} once repeated shapes (<use>) are counted, nested at most ${MAX_SVG_DEPTH} deep; ` +
      "simplify it or save it as a PNG.",
  );

// One piece of markup: a comment, CDATA, a processing instruction, or a tag with quoted attributes.
const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const LOCAL_REFERENCE = /(?:^#|url\(\s*["']?#)([^"')\s]+)/g;

type Element = { id: string | null; references: string[]; children: Element[] };

/** The elements as a tree (refusing markup it cannot read as XML, and the caps as written). */
function parse(text: string): Element {
  const root: Element = { id: null, references: [], children: [] };
  const open: { name: string; element: Element }[] = [];
  let count = 0;
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    // Between tags only text may appear; a stray `<` means the tag was not one this reads.
    if (text.slice(at, match.index).includes("<")) throw refuse("markup that is not plain XML");
    at = match.index + match[0].length;
    const [, closing, name, attributes, selfClosing] = match;
    if (!name) continue;
    if (closing) {
      if (open.pop()?.name !== name) throw refuse("markup that is not plain XML");
      continue;
    }
    count += 1;
    if (count > MAX_SVG_ELEMENTS || open.length >= MAX_SVG_DEPTH) throw tooComplex();
    const element: Element = { id: null, references: [], children: [] };
    for (const [, key, double, single] of (attributes ?? "").matchAll(ATTRIBUTE)) {
      const value = double ?? single ?? "";
      if (key === "id") element.id = value;
      for (const [, id] of value.matchAll(LOCAL_REFERENCE)) if (id) element.references.push(id);
    }
    (open.at(-1)?.element ?? root).children.push(element);
    if (!selfClosing) open.push({ name, element });
  }
  if (text.slice(at).includes("<") || open.length > 0) throw refuse("markup that is not plain XML");
  return root;
}

/** How many elements drawing `root` draws, references followed; refuses cycles and the cap. */
function drawnElements(root: Element): number {
  const byId = new Map<string, Element>();
  const index = (element: Element) => {
    if (element.id !== null && !byId.has(element.id)) byId.set(element.id, element);
    element.children.forEach(index);
  };
  index(root);
  const known = new Map<Element, number>();
  const visiting = new Set<Element>();
  const drawn = (element: Element): number => {
    const cached = known.get(element);
    if (cached !== undefined) return cached;
    if (visiting.has(element)) throw refuse("an element that refers to itself");
    visiting.add(element);
    let total = 1;
    for (const child of element.children) total += drawn(child);
    for (const id of element.references) {
      const target = byId.get(id);
      if (target) total += drawn(target);
    }
    visiting.delete(element);
    // Capped as it is counted, so the sum never grows past what a number holds exactly.
    if (total > MAX_SVG_DRAWN) throw tooComplex();
    known.set(element, total);
    return total;
  };
  return drawn(root) - 1;
}

/** Throws 415 with a sentence when the SVG reaches outside itself or costs too much to draw. */
export function inspectSvg(text: string): void {
  for (const [pattern, what] of UNSAFE_SVG) {
    if (pattern.test(text)) throw refuse(what);
  }
  drawnElements(parse(text));
}

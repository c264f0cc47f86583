import { DomHandler, Parser, type DomUtils } from 'htmlparser2';

/** An element of a parsed document (htmlparser2's DOM), named without importing its DOM package. */
export type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;
type Document = DomHandler['root'];

/** Whether a node is an element (script and style elements are typed apart in HTML). */
export function isElement(node: { type: string }): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

/** The first child element of that name (not a descendant further down). */
export function childElement(parent: Element, name: string): Element | undefined {
  return parent.children.find((child): child is Element => isElement(child) && child.name === name);
}

/** Whether the element's class attribute names this class. */
export function hasClass(element: Element, name: string): boolean {
  return (element.attribs.class ?? '').split(/\s+/).includes(name);
}

/**
 * What a page may cost to read. htmlparser2 keeps its open elements in an array it shifts at the front, so
 * its work grows with the square of the nesting (a 2.5 MB page of nested `<div>`s took 510 s), and each node
 * of the tree it builds holds some 500 bytes. Real pages stay far inside: a Goodreads feed of 100 books is
 * about 5 levels deep and 3,000 elements, a StoryGraph shelf page some 30 levels and a few thousand.
 */
export const MARKUP_LIMITS = { maxDepth: 256, maxNodes: 50_000, maxMs: 2_000 };

/** A page past MARKUP_LIMITS: too deep, too many nodes, or too slow to read. Nothing of it is used. */
export class MarkupTooComplex extends Error {}

/** Counts what it builds and stops (throws MarkupTooComplex) past the limits, rather than read on. */
class BoundedHandler extends DomHandler {
  private nodes = 0;
  private readonly deadline: number;

  constructor(
    options: { xmlMode: boolean },
    private readonly limits: typeof MARKUP_LIMITS,
  ) {
    super(null, options);
    this.deadline = performance.now() + limits.maxMs;
  }

  override onopentag(name: string, attribs: { [key: string]: string }): void {
    // The document itself is the stack's first entry.
    if (this.tagStack.length > this.limits.maxDepth) throw new MarkupTooComplex(`nested deeper than ${this.limits.maxDepth} elements`);
    super.onopentag(name, attribs);
  }

  override onclosetag(): void {
    this.counted();
    super.onclosetag();
  }

  protected override addNode(node: Parameters<DomHandler['addNode']>[0]): void {
    if (++this.nodes > this.limits.maxNodes) throw new MarkupTooComplex(`more than ${this.limits.maxNodes} nodes`);
    this.counted();
    super.addNode(node);
  }

  /** Every so often, whether the time is up (closing tags cost work too, though they add no node). */
  private steps = 0;
  private counted(): void {
    if (++this.steps % 512 === 0 && performance.now() > this.deadline) throw new MarkupTooComplex(`not read within ${this.limits.maxMs} ms`);
  }
}

/**
 * A document parsed as htmlparser2's parseDocument does (HTML, or XML with `xmlMode`), within `limits`: past
 * them it throws MarkupTooComplex part-way, having built no more than they allow.
 */
export function parseBounded(text: string, options: { xmlMode?: boolean } = {}, limits = MARKUP_LIMITS): Document {
  const handler = new BoundedHandler({ xmlMode: options.xmlMode === true }, limits);
  new Parser(handler, { xmlMode: options.xmlMode === true }).end(text);
  return handler.root;
}

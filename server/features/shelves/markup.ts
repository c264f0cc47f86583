import type { DomUtils } from 'htmlparser2';

/** An element of a parsed document (htmlparser2's DOM), named without importing its DOM package. */
export type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;

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

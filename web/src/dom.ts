/** The element with this id, typed; a missing one is a bug in index.html, so it throws. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

type Child = Node | string | null | undefined | false;

/** A new element with attributes (`on…` functions become listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean | EventListener | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

/** Replaces the options of a select, keeping the chosen value when it is still offered. */
export function setOptions(select: HTMLSelectElement, options: { value: string; label: string }[], keep = true): void {
  const previous = select.value;
  select.replaceChildren(...options.map((o) => h('option', { value: o.value }, o.label)));
  if (keep && options.some((o) => o.value === previous)) select.value = previous;
}

/** Shows a message in an element (or hides it when the message is empty). */
export function say(element: HTMLElement, message: string): void {
  element.textContent = message;
  element.hidden = message === '';
}

export const label = (value: string): string => value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

// Patching drawn elements in place: `patch` brings them to a new drawing with idiomorph (htmx's
// morphing, vendored from npm), so that a finger on a button, the focus, a scroll position and
// an open disclosure survive a live update. The views build real elements with `h` (dom.js), so
// a DOM-to-DOM morph patches them without rewriting every view for a virtual DOM. Only the
// table imports it: the lobby's first load goes without.

import { append, copyListeners, handOver } from "./dom.js";
import { Idiomorph } from "./vendor/idiomorph.js";

/** @typedef {import("./dom.js").Child} Child */

/**
 * Brings the children of `el` to `children` in place: elements that stay are kept (matched by
 * `id`, else by tag where no `id` says otherwise, looking ahead past what was added or removed)
 * and only what differs is changed. What the person holds is left as it is: the value of the
 * field being typed in, an open `<details>`, a slot's content (dom.js's `slot`).
 * @param {Element} el
 * @param {...(Child | Child[])} children
 */
export function patch(el, ...children) {
  const next = document.createDocumentFragment();
  append(next, children);
  // Idiomorph inserts a copy of a new element, which has none of its listeners: the drawing's
  // element is held from before the insertion to after it, and its listeners copied over.
  /** @type {Node[]} */
  const adding = [];
  Idiomorph.morph(el, Array.from(next.childNodes), {
    morphStyle: "innerHTML",
    callbacks: {
      beforeNodeAdded(node) {
        adding.push(node);
        return true;
      },
      afterNodeAdded(node) {
        const drawn = adding.pop();
        if (drawn instanceof Element && node instanceof Element) copyListeners(drawn, node);
      },
      beforeNodeMorphed(from, to) {
        if (!(from instanceof Element) || !(to instanceof Element)) return true;
        handOver(from, to);
        if (from instanceof HTMLDetailsElement && to instanceof HTMLDetailsElement) to.open = from.open;
        // A slot keeps what was put in it, and the field being typed in its value: only their
        // own attributes follow the drawing.
        const typing =
          from === document.activeElement &&
          (from instanceof HTMLInputElement || from instanceof HTMLTextAreaElement || from instanceof HTMLSelectElement);
        if (from.hasAttribute("data-slot") || typing) {
          for (const a of Array.from(to.attributes)) if (a.name !== "value" && from.getAttribute(a.name) !== a.value) from.setAttribute(a.name, a.value);
          return false;
        }
        return true;
      },
    },
  });
}

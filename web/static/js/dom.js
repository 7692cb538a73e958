// A tiny element builder: h("button", {type: "button", onclick}, "Join"). Its listeners are
// kept so that a patch (patch.js) can hand an element the listeners of its new drawing.

/** @typedef {Node | string | number | null | undefined | false} Child */

/** @typedef {(e: Event) => unknown} Listener */

/**
 * Each element's listeners by event type. An element gets one dispatcher per type, which calls
 * the listener of its latest drawing: a patch keeps the element and hands it the new listeners.
 * @type {WeakMap<Element, Record<string, Listener>>}
 */
const listeners = new WeakMap();

/** @param {Event} e */
function dispatch(e) {
  const el = /** @type {Element} */ (e.currentTarget);
  return listeners.get(el)?.[e.type]?.(e);
}

/**
 * @param {Element} el
 * @param {Record<string, Listener>} byType
 */
function listen(el, byType) {
  listeners.set(el, byType);
  for (const type of Object.keys(byType)) el.addEventListener(type, dispatch);
}

/**
 * @param {string} tag
 * @param {Record<string, unknown>} [attrs] `on*` functions become listeners; `false`/`null`
 *   attributes are left out; `true` ones are set empty.
 * @param {...(Child | Child[])} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  /** @type {Record<string, Listener>} */
  const on = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      on[name.slice(2)] = /** @type {Listener} */ (value);
    } else if (name === "value" && el instanceof HTMLInputElement) {
      // The attribute too: a patch copies attributes, and the field shows it until typed in.
      el.setAttribute("value", String(value));
      el.value = String(value);
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  if (Object.keys(on).length > 0) listen(el, on);
  append(el, children);
  return el;
}

/**
 * Adds a listener as `h`'s `on*` attributes do, so that a patch hands it on (an element's
 * `addEventListener` would stay with the first drawing's element, closures and all).
 * @param {Element} el
 * @param {string} type
 * @param {Listener} fn
 */
export function on(el, type, fn) {
  listen(el, { ...listeners.get(el), [type]: fn });
}

/**
 * The element on screen drawn as `el`: a patch keeps the element first drawn and lets the new
 * drawing go, so a listener that writes into an element of its own drawing finds it by its id.
 * @param {HTMLElement} el
 * @returns {HTMLElement}
 */
export function current(el) {
  return (el.id ? document.getElementById(el.id) : null) ?? el;
}

/**
 * @param {Element | DocumentFragment} el
 * @param {(Child | Child[])[]} children
 */
export function append(el, children) {
  for (const c of children.flat(2)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "number" ? String(c) : c);
  }
}

/**
 * Replaces the children of `el`.
 * @param {Element} el
 * @param {...(Child | Child[])} children
 */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/**
 * A place in a drawing for an element that lives across drawings (a chat being typed in): the
 * drawing holds an empty slot, and {@link fill} puts the element in it once drawn; patches
 * leave the slot's content alone.
 * @param {string} name
 * @param {Record<string, unknown>} [attrs]
 */
export function slot(name, attrs = {}) {
  return h("div", { ...attrs, "data-slot": name });
}

/**
 * Puts `content` in the slot `name` under `root`, unless it is there already.
 * @param {Element} root
 * @param {string} name
 * @param {Element | null} content
 */
export function fill(root, name, content) {
  const place = root.querySelector(`[data-slot="${name}"]`);
  if (place === null) return;
  if (content === null) place.replaceChildren();
  else if (place.firstElementChild !== content || place.childElementCount !== 1) place.replaceChildren(content);
}

/**
 * Gives `kept` (an element a patch keeps) the listeners of `drawn`, its twin in the new drawing.
 * @param {Element} kept
 * @param {Element} drawn
 */
export function handOver(kept, drawn) {
  const on = listeners.get(drawn);
  if (on === undefined) listeners.delete(kept);
  else listen(kept, on);
}

/**
 * Gives each element of `copy` (a deep copy of `drawn`) the listeners of its twin in `drawn`.
 * @param {Element} drawn
 * @param {Element} copy
 */
export function copyListeners(drawn, copy) {
  const on = listeners.get(drawn);
  if (on !== undefined) listen(copy, on);
  const a = drawn.children;
  const b = copy.children;
  for (let i = 0; i < a.length && i < b.length; i++) copyListeners(/** @type {Element} */ (a[i]), /** @type {Element} */ (b[i]));
}

// The history slider: any earlier version of the game shown in place of the latest (`?at=N`),
// with a step back and a step forward.

import { call } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../types.js").GameDto} GameDto */
/** @typedef {import("./state.js").TableState} TableState */

/**
 * The slider over every version.
 * @param {TableState} st
 * @param {GameDto} g
 */
export function history(st, g) {
  const max = g.game.version;
  if (max === 0) return null;
  const at = st.shown?.version ?? max;
  /**
   * @param {number} n
   * @param {string} [keep] the id of the control to keep the focus on
   */
  const go = async (n, keep = "history-slider") => {
    if (n >= max) {
      st.shown = null;
    } else {
      try {
        st.shown = /** @type {GameDto} */ (await call("GET", `/v1/games/${st.id}?at=${n}`, { signal: st.abort.signal }));
      } catch {
        return;
      }
    }
    st.draw();
    const el = /** @type {HTMLButtonElement | HTMLInputElement | null} */ (document.getElementById(keep));
    (el && !el.disabled ? el : document.getElementById("history-slider"))?.focus();
  };
  const x = t.explain;
  return h(
    "section",
    { class: "history", "aria-label": t.history },
    h("label", { for: "history-slider" }, t.historyLabel(at, max)),
    h("input", {
      id: "history-slider",
      type: "range",
      min: 0,
      max,
      step: 1,
      value: at,
      "aria-valuetext": t.historyValue(at, max),
      onchange: (/** @type {Event} */ e) => void go(Number(/** @type {HTMLInputElement} */ (e.target).value)),
    }),
    h(
      "div",
      { class: "history-steps" },
      h(
        "button",
        {
          type: "button",
          id: "history-prev",
          "aria-label": x.previousVersion,
          disabled: at <= 0,
          onclick: () => void go(Math.max(0, at - 1), "history-prev"),
        },
        h("span", { "aria-hidden": "true" }, "◀"),
      ),
      h("output", { for: "history-slider", class: "history-at", "aria-live": "polite" }, t.historyValue(at, max)),
      h(
        "button",
        {
          type: "button",
          id: "history-next",
          "aria-label": x.nextVersion,
          disabled: at >= max,
          onclick: () => void go(Math.min(max, at + 1), "history-next"),
        },
        h("span", { "aria-hidden": "true" }, "▶"),
      ),
      st.shown !== null ? h("button", { type: "button", onclick: () => void go(max) }, t.backToNow) : null,
    ),
  );
}

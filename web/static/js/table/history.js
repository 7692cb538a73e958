// The history slider: any earlier version of the game shown in place of the latest (`?at=N`).

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
  /** @param {number} n */
  const go = async (n) => {
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
    /** @type {HTMLInputElement | null} */ (document.getElementById("history-slider"))?.focus();
  };
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
    st.shown !== null ? h("button", { type: "button", onclick: () => void go(max) }, t.backToNow) : null,
  );
}

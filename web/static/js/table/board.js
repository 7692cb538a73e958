// The board: every player's side (army, hand, victory pile), the Supporter row, the recruits and the piles.

import { cardBack, cardFace, cardName, CLANS } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").FollowerRef} FollowerRef */
/** @typedef {import("../types.js").GameDto} GameDto */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("./state.js").TableState} TableState */

/**
 * @param {FollowerRef} a
 * @param {FollowerRef} b
 */
function sameRef(a, b) {
  return a.seat === b.seat && a.position === b.position;
}

/**
 * The whole board: every player's side, the Supporter row, the recruits, the piles.
 * @param {TableState} st
 * @param {GameDto} g
 * @param {View} view
 * @param {(seat: number) => string} who
 * @param {Action[]} options
 * @param {(a: Action) => () => void} pick
 */
export function board(st, g, view, who, options, pick) {
  const mine = view.players.find((p) => p.seat === g.your_seat) ?? null;
  const others = view.players.filter((p) => p !== mine);
  return h(
    "div",
    { id: "board", class: "board" },
    h("div", { class: "opponents" }, others.map((p) => playerSide(st, g, view, p, who, options, pick))),
    middle(view, options, pick),
    mine ? playerSide(st, g, view, mine, who, options, pick) : null,
  );
}

/**
 * @param {TableState} st
 * @param {GameDto} g
 * @param {View} view
 * @param {PlayerView} p
 * @param {(seat: number) => string} who
 * @param {Action[]} options
 * @param {(a: Action) => () => void} pick
 */
function playerSide(st, g, view, p, who, options, pick) {
  const me = p.seat === g.your_seat;
  const name = who(p.seat);
  const awaited = view.awaiting !== null && view.awaiting.seat === p.seat;
  const bot = g.game.seats.find((s) => s.seat === p.seat)?.bot ?? null;
  const army = p.army.map((f, position) => {
    const ref = { seat: p.seat, position };
    const target = options.find(
      (a) =>
        (a.type === "copy_power" || a.type === "swap_follower" || a.type === "discard_follower") &&
        sameRef(a.target, ref),
    );
    const notes = [
      f.face_up ? null : t.faceDown,
      f.active ? t.powerActive(CLANS[f.active].name) : null,
      f.kept ? t.kept : null,
    ].filter((x) => x !== null);
    const note = notes.join(", ");
    const tokens = f.active ? h("span", { class: "token" }, `⚑ ${CLANS[f.active].badge}`) : null;
    if (target) {
      const what = f.card !== null ? cardName(f.card) : t.aFaceDownFollower;
      const action =
        target.type === "copy_power" ? t.copyPowerOf(what) : target.type === "swap_follower" ? t.take(what) : t.discard(what);
      const label = t.armyTarget(action, name, position + 1);
      const attrs = { type: "button", "aria-label": label, title: label, "data-option": target.type, onclick: pick(target) };
      const face = f.card !== null ? cardFace(f.card, { tag: "button", note, attrs }) : cardBack(label, { tag: "button", attrs });
      return h("li", {}, face, tokens);
    }
    const face =
      f.card !== null
        ? cardFace(f.card, note ? { note } : {})
        : cardBack(t.faceDownFollower(position + 1));
    return h("li", { class: f.face_up ? "" : "down" }, face, tokens);
  });
  const handCards = p.hand ?? [];
  return h(
    "section",
    { class: `side${me ? " mine" : ""}${awaited ? " awaited" : ""}`, "aria-label": me ? t.yourSide : t.sideOf(name) },
    h(
      "h2",
      {},
      name,
      view.initiative === p.seat ? h("span", { class: "pill" }, t.initiative) : null,
      bot ? h("span", { class: "pill bot", "data-badge": "bot" }, t.botBadge(t.botLevels[bot])) : null,
      p.resigned ? h("span", { class: "pill resigned", "data-badge": "resigned" }, t.resignedBadge) : null,
      p.timeouts > 0 && !p.resigned ? h("span", { class: "pill" }, t.timeoutsBadge(p.timeouts)) : null,
      awaited ? h("span", { class: "pill turn" }, t.toDecide) : null,
    ),
    h("p", { class: "meta" }, t.sideMeta(p.score, p.hand_size)),
    h("h3", {}, t.army),
    army.length > 0
      ? h("ol", { class: "cards army", "aria-label": me ? t.yourArmy : t.armyOf(name) }, army)
      : h("p", { class: "empty" }, t.noFollowers),
    p.victory.length > 0
      ? h(
          "details",
          { class: "victory" },
          h("summary", {}, t.victoryPile(p.victory.length, p.score)),
          h("div", { class: "cards small" }, p.victory.map((c) => cardFace(c))),
        )
      : null,
    p.hand !== null ? hand(st, me, name, handCards, options) : null,
  );
}

/**
 * @param {TableState} st
 * @param {boolean} me
 * @param {string} name
 * @param {number[]} cards
 * @param {Action[]} options
 */
function hand(st, me, name, cards, options) {
  return h(
    "div",
    { class: "hand-wrap" },
    h("h3", { id: `hand-${name.replace(/\W/g, "")}` }, me ? t.yourHand : t.handOf(name)),
    h(
      "div",
      { class: "cards hand", role: "group", "aria-labelledby": `hand-${name.replace(/\W/g, "")}` },
      cards.map((c) => {
        const playable = me && options.some((a) => a.type === "muster" && a.card === c);
        if (!playable) return cardFace(c);
        return cardFace(c, {
          tag: "button",
          attrs: {
            type: "button",
            "data-option": "muster",
            "aria-pressed": st.selected === c ? "true" : "false",
            onclick: () => {
              st.selected = st.selected === c ? null : c;
              st.draw();
              document.querySelector(`[data-muster-choice]`)?.closest("[role=group]")?.querySelector("button")?.focus();
            },
          },
        });
      }),
    ),
  );
}

/**
 * Supporter row, recruits, draw pile and discard pile.
 * @param {View} view
 * @param {Action[]} options
 * @param {(a: Action) => () => void} pick
 */
function middle(view, options, pick) {
  const supporters = view.supporters.map((c) => {
    const a = options.find(
      (x) => (x.type === "claim_supporter" || x.type === "swap_supporter") && x.supporter === c,
    );
    if (!a) return cardFace(c);
    const label = a.type === "claim_supporter" ? t.claim(cardName(c)) : t.swapFor(cardName(c));
    return cardFace(c, {
      tag: "button",
      attrs: { type: "button", "aria-label": label, title: label, "data-option": a.type, onclick: pick(a) },
    });
  });
  const recruits = view.recruits.map((r) => {
    const a = options.find((x) => x.type === "recruit" && x.slot === r.slot);
    const what = r.card !== null ? cardName(r.card) : r.state === "face_down" ? t.aFaceDownCard : t.nothing;
    if (r.state === "empty") return h("div", { class: "card empty-slot", role: "img", "aria-label": t.slotEmpty(r.slot + 1) });
    if (a) {
      const label = t.recruitFrom(what, r.slot + 1);
      const attrs = { type: "button", "aria-label": label, title: label, "data-option": "recruit", onclick: pick(a) };
      return r.card !== null ? cardFace(r.card, { tag: "button", attrs }) : cardBack(label, { tag: "button", attrs });
    }
    return r.card !== null
      ? cardFace(r.card, { note: t.slotNote(r.slot + 1) })
      : cardBack(t.slotFaceDown(r.slot + 1));
  });
  const top = view.discard[view.discard.length - 1];
  return h(
    "section",
    { class: "middle", "aria-label": t.middle },
    h("h2", {}, t.supporterRow),
    h("div", { class: "cards supporters", role: "group", "aria-label": t.supporterRow }, supporters),
    h("h2", {}, t.recruits),
    h("div", { class: "cards recruits", role: "group", "aria-label": t.recruits }, recruits),
    h(
      "div",
      { class: "piles" },
      h("p", {}, t.drawPile(view.draw_size)),
      h(
        "details",
        {},
        h("summary", {}, t.discardPile(view.discard.length, top !== undefined ? cardName(top) : null)),
        h("div", { class: "cards small" }, view.discard.map((c) => cardFace(c))),
      ),
    ),
  );
}

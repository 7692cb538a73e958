// The board: every player's side (army and its strength, hand, victory pile), the Supporter
// row, the recruits and the piles; the cards the last move touched are marked, a power is
// explained from its card, and the targets of a decision are marked as such.

import { cardBack, cardFace, cardName, CLANS, powerPanel, withPower } from "../cards.js";
import { h, slot } from "../dom.js";
import { t } from "../i18n.js";
import { playerLink, seatProfile } from "../players.js";
import { armyStrengthOf } from "./state.js";

/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").FollowerRef} FollowerRef */
/** @typedef {import("../types.js").GameDto} GameDto */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("./state.js").TableState} TableState */

/**
 * What the board marks: the cards of the last move, and the power explained.
 * @typedef {object} Marks
 * @property {Set<number>} cards touched by the last move, by id
 * @property {{seat: number, position: number}[]} places touched by the last move, by place (-1: last)
 */

/**
 * @param {FollowerRef} a
 * @param {FollowerRef} b
 */
function sameRef(a, b) {
  return a.seat === b.seat && a.position === b.position;
}

/**
 * The attributes marking a card the last move touched: a class (drawn with a shape, not only a
 * colour) and the last move's line as its description.
 * @param {boolean} on
 */
function touchedAttrs(on) {
  return on ? { cls: "touched", describedby: "last-move" } : { cls: "", describedby: null };
}

/**
 * A face-up card whose power can be explained from its badge.
 * @param {TableState} st
 * @param {HTMLElement} face
 * @param {number} id
 */
function explained(st, face, id) {
  return withPower(face, id, st.info === id, (open) => {
    st.info = open ? id : null;
    st.draw();
    const again = document.getElementById(`info-${id}`);
    // Opened, the explanation takes the focus (Tab goes on to its link); closed, its button.
    const pop = open ? document.getElementById(`power-${id}`) : null;
    pop?.scrollIntoView({ block: "nearest" });
    (pop ?? again)?.focus({ preventScroll: true });
  });
}

/**
 * The explanation of the power open (`st.info`), under the row of `cards` when it is one of
 * them: in the flow of the page, it pushes what follows down and covers nothing.
 * @param {TableState} st
 * @param {(number | null)[]} cards
 */
function powerBelow(st, cards) {
  const id = st.info;
  if (id === null || !cards.includes(id)) return null;
  return powerPanel(id, () => {
    st.info = null;
    st.draw();
    document.getElementById(`info-${id}`)?.focus();
  });
}

/**
 * The whole board: every player's side, the Supporter row, the recruits, the piles.
 * @param {TableState} st
 * @param {GameDto} g
 * @param {View} view
 * @param {(seat: number) => string} who
 * @param {Action[]} options
 * @param {(a: Action) => () => void} pick
 * @param {Marks} marks
 * @param {HTMLElement | null} decision the decision panel, placed beside the hand on a wide screen
 * @param {HTMLElement | null} staged a staged recruit's or claim's confirmation, placed under its row
 */
export function board(st, g, view, who, options, pick, marks, decision, staged = null) {
  const mine = view.players.find((p) => p.seat === g.your_seat) ?? null;
  const others = view.players.filter((p) => p !== mine);
  return h(
    "div",
    { id: "board", class: "board" },
    h("div", { class: "opponents" }, others.map((p) => playerSide(st, g, view, p, who, options, pick, marks))),
    middle(st, view, options, pick, marks, staged),
    mine ? playerSide(st, g, view, mine, who, options, pick, marks) : null,
    decision,
  );
}

/**
 * "Strength 20 (10 × 2)" or "Strength 12 + 2 hidden", as the server counts it for this viewer.
 * @param {PlayerView} p
 */
function strengthLine(p) {
  const s = armyStrengthOf(p);
  if (s === null || p.army.length === 0) return null;
  const x = t.explain;
  return h(
    "span",
    { class: "strength-line", "data-strength": s.known, "data-hidden": s.hidden_cards },
    h("span", { "aria-hidden": "true" }, s.hidden_cards > 0 ? x.strengthHidden(s.known, s.hidden_cards) : x.strength(s.known, s.doubled)),
    h("span", { class: "sr" }, x.strengthSpoken(s.known, s.doubled, s.hidden_cards)),
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
 * @param {Marks} marks
 */
function playerSide(st, g, view, p, who, options, pick, marks) {
  const me = p.seat === g.your_seat;
  const name = who(p.seat);
  const awaited = view.awaiting !== null && view.awaiting.seat === p.seat;
  const finished = view.status === "finished";
  const held = g.game.seats.find((s) => s.seat === p.seat);
  const bot = held?.bot ?? null;
  const army = p.army.map((f, position) => {
    const ref = { seat: p.seat, position };
    const target = options.find(
      (a) =>
        (a.type === "copy_power" || a.type === "swap_follower" || a.type === "discard_follower") &&
        sameRef(a.target, ref),
    );
    const hit =
      (f.card !== null && marks.cards.has(f.card)) ||
      marks.places.some((m) => m.seat === p.seat && (m.position === position || (m.position === -1 && position === p.army.length - 1)));
    const mark = touchedAttrs(hit);
    const notes = [
      target ? t.explain.eligible : null,
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
      const attrs = {
        type: "button",
        "aria-label": label,
        title: label,
        "data-option": target.type,
        "aria-describedby": mark.describedby,
        onclick: pick(target),
      };
      const cls = `eligible ${mark.cls}`.trim();
      const face =
        f.card !== null
          ? explained(st, cardFace(f.card, { tag: "button", note, attrs, cls }), f.card)
          : cardBack(label, { tag: "button", attrs, cls });
      return h("li", { class: "target" }, face, tokens);
    }
    const attrs = mark.describedby ? { "aria-describedby": mark.describedby } : undefined;
    const face =
      f.card !== null
        ? explained(st, cardFace(f.card, { note, cls: mark.cls, attrs }), f.card)
        : cardBack(t.faceDownFollower(position + 1), { cls: mark.cls, attrs });
    return h("li", { class: f.face_up ? "" : "down" }, face, tokens);
  });
  const handCards = p.hand ?? [];
  const armyTitleId = `army-${p.seat}`;
  return h(
    "section",
    {
      class: `side${me ? " mine" : ""}${awaited ? " awaited" : ""}`,
      "aria-label": me ? t.yourSide : t.sideOf(name),
      "data-seat": p.seat,
    },
    h(
      "h2",
      {},
      held ? playerLink(seatProfile(held), name) : name,
      view.initiative === p.seat ? h("span", { class: "pill" }, t.initiative) : null,
      bot ? h("span", { class: "pill bot", "data-badge": "bot" }, t.botBadge(t.botLevels[bot])) : null,
      p.resigned ? h("span", { class: "pill resigned", "data-badge": "resigned" }, t.resignedBadge) : null,
      p.timeouts > 0 && !p.resigned ? h("span", { class: "pill" }, t.timeoutsBadge(p.timeouts)) : null,
      awaited ? h("span", { class: "pill turn" }, t.toDecide) : null,
    ),
    h("p", { class: "meta" }, t.sideMeta(p.score, p.hand_size)),
    h("h3", { id: armyTitleId, class: "army-title" }, finished ? t.explain.finalArmy : t.army, " ", strengthLine(p)),
    army.length > 0
      ? h("ol", { class: "cards army", "aria-label": me ? t.yourArmy : t.armyOf(name) }, army)
      : h("p", { class: "empty" }, finished ? t.explain.noArmyAtEnd : t.noFollowers),
    powerBelow(st, p.army.map((f) => f.card)),
    p.hand !== null ? hand(st, me, p.seat, name, handCards, options, marks) : null,
    p.victory.length > 0
      ? h(
          "details",
          { class: "victory" },
          h("summary", {}, t.victoryPile(p.victory.length, p.score)),
          h(
            "div",
            { class: "cards small" },
            p.victory.map((c) => {
              const mark = touchedAttrs(marks.cards.has(c));
              return cardFace(c, { cls: mark.cls, attrs: mark.describedby ? { "aria-describedby": mark.describedby } : undefined });
            }),
          ),
        )
      : null,
  );
}

/**
 * @param {TableState} st
 * @param {boolean} me
 * @param {number} seat
 * @param {string} name
 * @param {number[]} cards
 * @param {Action[]} options
 * @param {Marks} marks
 */
function hand(st, me, seat, name, cards, options, marks) {
  const id = `hand-${seat}`;
  return h(
    "div",
    { class: "hand-wrap" },
    // The first-game guide's hint, above my hand (guide.js fills it).
    me ? slot("guide") : null,
    h("h3", { id }, me ? t.yourHand : t.handOf(name)),
    h(
      "div",
      { class: "cards hand", role: "group", "aria-labelledby": id },
      cards.map((c) => {
        const playable = me && options.some((a) => a.type === "muster" && a.card === c);
        const mark = touchedAttrs(marks.cards.has(c));
        if (!playable) {
          return explained(st, cardFace(c, { cls: mark.cls, attrs: mark.describedby ? { "aria-describedby": mark.describedby } : undefined }), c);
        }
        return explained(
          st,
          cardFace(c, {
            tag: "button",
            cls: mark.cls,
            attrs: {
              type: "button",
              "data-option": "muster",
              "aria-pressed": st.selected === c ? "true" : "false",
              "aria-describedby": mark.describedby,
              onclick: () => {
                st.selected = st.selected === c ? null : c;
                st.draw();
                document.querySelector(`[data-muster-choice]`)?.closest("[role=group]")?.querySelector("button")?.focus();
              },
            },
          }),
          c,
        );
      }),
    ),
    powerBelow(st, cards),
  );
}

/**
 * Supporter row, recruits, draw pile and discard pile.
 * @param {TableState} st
 * @param {View} view
 * @param {Action[]} options
 * @param {(a: Action) => () => void} pick
 * @param {Marks} marks
 * @param {HTMLElement | null} staged
 */
function middle(st, view, options, pick, marks, staged) {
  const supporters = view.supporters.map((c) => {
    const a = options.find(
      (x) => (x.type === "claim_supporter" || x.type === "swap_supporter") && x.supporter === c,
    );
    const mark = touchedAttrs(marks.cards.has(c));
    if (!a) return cardFace(c, { cls: mark.cls, attrs: mark.describedby ? { "aria-describedby": mark.describedby } : undefined });
    const label = a.type === "claim_supporter" ? t.claim(cardName(c)) : t.swapFor(cardName(c));
    const staged = st.staged?.type === "claim_supporter" && st.staged.supporter === c;
    return cardFace(c, {
      tag: "button",
      cls: `eligible ${mark.cls}${staged ? " staged" : ""}`.trim(),
      note: a.type === "swap_supporter" ? t.explain.eligible : undefined,
      attrs: {
        type: "button",
        "aria-label": label,
        title: label,
        "data-option": a.type,
        "aria-describedby": mark.describedby,
        onclick: pick(a),
      },
    });
  });
  const recruits = view.recruits.map((r) => {
    const a = options.find((x) => x.type === "recruit" && x.slot === r.slot);
    const what = r.card !== null ? cardName(r.card) : r.state === "face_down" ? t.aFaceDownCard : t.nothing;
    if (r.state === "empty") return h("div", { class: "card empty-slot", role: "img", "aria-label": t.slotEmpty(r.slot + 1) });
    if (a) {
      const label = t.recruitFrom(what, r.slot + 1);
      const staged = st.staged?.type === "recruit" && st.staged.slot === r.slot;
      const attrs = { type: "button", "aria-label": label, title: label, "data-option": "recruit", "aria-pressed": st.staged !== null ? String(staged) : null, onclick: pick(a) };
      const cls = staged ? "staged" : undefined;
      return r.card !== null ? explained(st, cardFace(r.card, { tag: "button", attrs, cls }), r.card) : cardBack(label, { tag: "button", attrs, cls });
    }
    return r.card !== null
      ? explained(st, cardFace(r.card, { note: t.slotNote(r.slot + 1) }), r.card)
      : cardBack(t.slotFaceDown(r.slot + 1));
  });
  const top = view.discard[view.discard.length - 1];
  // Once the game is over the row and the recruits are empty: only the piles are left to show.
  const over = view.status === "finished";
  return h(
    "section",
    { class: "middle", "aria-label": t.middle },
    over && supporters.length === 0 ? null : h("h2", {}, t.supporterRow),
    over && supporters.length === 0 ? null : h("div", { class: "cards supporters", role: "group", "aria-label": t.supporterRow }, supporters),
    over ? null : powerBelow(st, view.supporters),
    st.staged?.type === "claim_supporter" ? staged : null,
    over ? null : h("h2", {}, t.recruits),
    over ? null : h("div", { class: "cards recruits", role: "group", "aria-label": t.recruits }, recruits),
    over ? null : powerBelow(st, view.recruits.map((r) => r.card)),
    st.staged?.type === "recruit" ? staged : null,
    h(
      "div",
      { class: "piles" },
      h("p", {}, t.drawPile(view.draw_size)),
      h(
        "details",
        {},
        h("summary", {}, t.discardPile(view.discard.length, top !== undefined ? cardName(top) : null)),
        h(
          "div",
          { class: "cards small" },
          view.discard.map((c) => {
            const mark = touchedAttrs(marks.cards.has(c));
            return cardFace(c, { cls: mark.cls, attrs: mark.describedby ? { "aria-describedby": mark.describedby } : undefined });
          }),
        ),
      ),
    ),
  );
}

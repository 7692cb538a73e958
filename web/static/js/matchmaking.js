// The lobby's matchmaking (service rules §9.10): "Play now" for 2 to 5 players (quick play: the
// house's options), the caller's open seeks with a Cancel, the others' open seeks (oldest first;
// "Play" seeks the same options, which pairs with them when they admit the caller), a seek with
// chosen options; the challenges made to the caller, with Accept and Decline (with a reason), and
// the caller's own with their answers, their state and a Cancel; and the header's badge of the
// challenges awaiting the caller's answer, which leads to them (#/challenges).
//
// The server pairs; the page only follows: a seek's answer that names a game, a `seek_matched`
// told on the lobby's stream for a seek this page saw open, or a challenge this page saw open
// that now names its game takes the player to that game.

import { call, session } from "./api.js";
import { CLOCKS, optionsText, showProblem } from "./challenge.js";
import { h, replace } from "./dom.js";
import { num, relative } from "./format.js";
import { t } from "./i18n.js";
import { linkedSentence, playerLink } from "./players.js";

/** @typedef {import("./types.js").Seek} Seek */
/** @typedef {import("./types.js").SeekPage} SeekPage */
/** @typedef {import("./types.js").MySeeks} MySeeks */
/** @typedef {import("./types.js").SeekRequest} SeekRequest */
/** @typedef {import("./types.js").Challenge} Challenge */
/** @typedef {import("./types.js").ChallengeList} ChallengeList */
/** @typedef {import("./types.js").DeclineReason} DeclineReason */
/** @typedef {import("./types.js").Notification} Notification */

/** The notifications that are news for matchmaking. */
export const MATCH_KINDS = ["seek_matched", "challenge", "challenge_declined"];

/** @type {DeclineReason[]} */
const REASONS = ["generic", "later", "too_fast", "too_slow", "rated", "casual", "not_bots"];

/** The caller's own challenges shown: the open ones and the latest that ended. */
const OUTGOING_SHOWN = 10;

/**
 * An instant `seconds` ago, as the page says it ("2 minutes ago"): the server's count, so no
 * clock skew.
 * @param {number} seconds
 */
function ago(seconds) {
  return relative(new Date(Date.now() - seconds * 1000).toISOString());
}

/**
 * The challenges made to `me` still waiting for `me`'s answer.
 * @param {ChallengeList} list
 * @param {string} me
 */
function awaitingMe(list, me) {
  const lower = me.toLowerCase();
  return list.incoming.filter((c) => c.state === "open" && c.to.some((x) => x.username.toLowerCase() === lower && x.answer === "pending"));
}

/** @type {HTMLElement | null} */
let badge = null;
/** @type {number | null} */
let badgeTimer = null;

/**
 * The header's link to the challenges awaiting an answer, with their count; hidden when there is
 * none. Read now, again every minute, and whenever the lobby reads the challenges.
 */
export function challengeBadge() {
  badge = h(
    "a",
    { href: "#/challenges", class: "challenge-badge", hidden: true, "data-count": "0" },
    t.match.challenges,
    " ",
    h("span", { class: "count" }, "0"),
    h("span", { class: "sr waiting" }),
  );
  void readBadge();
  badgeTimer ??= window.setInterval(() => void readBadge(), 60_000);
  return badge;
}

async function readBadge() {
  const me = session()?.username;
  if (me === undefined || badge === null || !badge.isConnected) return;
  try {
    countBadge(awaitingMe(/** @type {ChallengeList} */ (await call("GET", "/v1/me/challenges")), me).length);
  } catch {
    // The badge waits for the next reading.
  }
}

/** @param {number} n */
function countBadge(n) {
  if (badge === null) return;
  badge.hidden = n === 0;
  badge.dataset["count"] = String(n);
  const count = badge.querySelector(".count");
  if (count) count.textContent = num(n);
  const waiting = badge.querySelector(".waiting");
  if (waiting) waiting.textContent = ` ${t.match.badgeWaiting(n)}`;
}

/**
 * The lobby's matchmaking parts, read by `load` (with the lobby's lists) and told the lobby's
 * stream's news by `heard`. `challengesFirst`: the page is #/challenges, whose lists are shown
 * even when empty.
 * @param {boolean} challengesFirst
 */
export function matchmaking(challengesFirst) {
  const me = session()?.username ?? "";
  /** Seeks of mine this page saw open: their pairing takes me to the game. */
  const seeking = /** @type {Set<unknown>} */ (new Set());
  /** Challenges of mine this page saw open: their game, once made, is mine to go to. */
  const waiting = /** @type {Set<unknown>} */ (new Set());
  let left = false;
  /** @param {string} game */
  const go = (game) => {
    if (left) return;
    left = true;
    location.hash = `#/game/${game}`;
  };
  /** @type {AbortSignal | undefined} */
  let signal;

  /** Where the answer to a request is said: under "Play now", or under each list of challenges. */
  const said = () => ({ note: h("p", { class: "match-note", role: "status" }), problem: h("p", { class: "form-error", role: "alert" }) });
  const seeks = said();
  const toMe = said();
  const byMe = said();
  seeks.problem.id = "match-problem";
  const { note, problem } = seeks;
  const mine = h("div", { class: "my-seeks" });
  const open = h("div", { class: "open-seeks" }, h("p", { role: "status" }, t.loading));
  const incoming = h("section", { class: "games challenges incoming", id: "challenges", "aria-labelledby": "list-incoming", hidden: !challengesFirst });
  const outgoing = h("section", { class: "games challenges outgoing", "aria-labelledby": "list-outgoing", hidden: !challengesFirst });

  /**
   * Runs a request from a button: the problem shown `at` (the seeks' by default), the lists read
   * again after.
   * @param {HTMLButtonElement | null} button
   * @param {() => Promise<void>} what
   * @param {string} [name]
   * @param {{note: HTMLElement, problem: HTMLElement}} [at]
   */
  const act = async (button, what, name, at = seeks) => {
    for (const x of [seeks, toMe, byMe]) {
      x.problem.textContent = "";
      x.note.textContent = "";
    }
    if (button) button.disabled = true;
    try {
      await what();
    } catch (e) {
      showProblem(at.problem, e, name);
    } finally {
      if (button) button.disabled = false;
    }
    if (!left) await load().catch(() => {});
  };

  /**
   * Posts a seek: its game at once when it paired, else it waits among mine.
   * @param {"/v1/seeks" | "/v1/seeks/quick"} path
   * @param {unknown} body
   */
  const seek = async (path, body) => {
    const s = /** @type {Seek} */ (await call("POST", path, { body }));
    seeking.add(s.id);
    if (s.game_id !== null) go(s.game_id);
    else note.textContent = t.match.seekOpen;
  };

  const quick = h(
    "div",
    { class: "quick", role: "group", "aria-labelledby": "play-title" },
    [2, 3, 4, 5].map((n) =>
      h(
        "button",
        {
          type: "button",
          class: "primary",
          "data-players": n,
          "aria-describedby": "match-problem",
          onclick: (/** @type {Event} */ e) =>
            act(/** @type {HTMLButtonElement} */ (e.currentTarget), () => seek("/v1/seeks/quick", { players: n })),
        },
        h("span", { class: "sr" }, `${t.match.playNowFor} `),
        t.match.players(n),
      ),
    ),
  );

  const play = h(
    "section",
    { class: "play-now", "aria-labelledby": "play-title" },
    h("h2", { id: "play-title" }, t.match.playNow),
    h("p", { class: "form-note" }, t.match.playNowIntro),
    quick,
    note,
    problem,
    h("div", { class: "match-grid" }, mine, open, seekForm((body) => act(null, () => seek("/v1/seeks", body)))),
  );

  /** @param {Seek[]} seeks */
  const showMine = (seeks) => {
    for (const s of seeks) seeking.add(s.id);
    replace(
      mine,
      seeks.length === 0
        ? null
        : [
            h("h3", { id: "list-my-seeks" }, t.listTitle(t.match.yourSeeks, seeks.length)),
            h(
              "ul",
              { class: "rows", "aria-labelledby": "list-my-seeks" },
              seeks.map((s) =>
                h(
                  "li",
                  { class: "game-row seek-row", "data-seek": s.id },
                  h("span", { class: "what" }, optionsText(s)),
                  h("span", { class: "when" }, t.match.made(ago(s.age_s))),
                  h(
                    "button",
                    {
                      type: "button",
                      onclick: (/** @type {Event} */ e) =>
                        act(/** @type {HTMLButtonElement} */ (e.currentTarget), async () => {
                          seeking.delete(s.id);
                          await call("DELETE", `/v1/seeks/${s.id}`);
                          note.textContent = t.match.seekCancelled;
                        }),
                    },
                    t.match.cancel,
                    h("span", { class: "sr" }, ` ${t.match.yourSeek(optionsText(s))}`),
                  ),
                ),
              ),
            ),
          ],
    );
  };

  /** @param {Seek[]} seeks others' open seeks, oldest first */
  const showOpen = (seeks) => {
    replace(
      open,
      h("h3", { id: "list-seeks" }, t.listTitle(t.match.openSeeks, seeks.length)),
      seeks.length === 0
        ? h("p", { class: "empty" }, t.match.noOpenSeeks)
        : h(
            "ul",
            { class: "rows", "aria-labelledby": "list-seeks" },
            seeks.map((s) =>
              h(
                "li",
                { class: "game-row seek-row", "data-seek": s.id, "data-username": s.username },
                h(
                  "span",
                  { class: "who" },
                  playerLink(s.username),
                  " ",
                  s.provisional
                    ? h("span", { class: "rating", title: t.match.provisionalTitle }, t.match.provisional(s.rating), h("span", { class: "sr" }, ` (${t.match.provisionalTitle})`))
                    : h("span", { class: "rating" }, num(s.rating)),
                  s.bot_account ? h("span", { class: "pill bot" }, t.profiles.botBadge) : null,
                ),
                h("span", { class: "what" }, optionsText(s), s.rating_min !== null || s.rating_max !== null ? ` · ${t.match.ratingRange(s.rating_min, s.rating_max)}` : ""),
                h("span", { class: "when" }, ago(s.age_s)),
                h(
                  "button",
                  {
                    type: "button",
                    class: "primary",
                    onclick: (/** @type {Event} */ e) =>
                      act(/** @type {HTMLButtonElement} */ (e.currentTarget), () =>
                        seek("/v1/seeks", {
                          players: s.players,
                          rated: s.rated,
                          bots: s.bots || s.bot_account,
                          include_bruce: s.include_bruce,
                          power_rule: s.power_rule,
                          target_score: s.target_score,
                          turn_time_limit_s: s.turn_time_limit_s,
                          max_timeouts: s.max_timeouts,
                        }),
                      ),
                  },
                  t.match.playSeek,
                  h("span", { class: "sr" }, ` ${t.match.withName(s.username)}`),
                ),
              ),
            ),
          ),
    );
  };

  /** @param {Challenge[]} list */
  const showIncoming = (list) => {
    const lower = me.toLowerCase();
    const shown = list.filter((c) => c.state === "open");
    // Kept in view while it says what became of an answer.
    incoming.hidden = shown.length === 0 && !challengesFirst && toMe.note.textContent === "" && toMe.problem.textContent === "";
    replace(
      incoming,
      h("h2", { id: "list-incoming", tabindex: "-1" }, t.listTitle(t.match.incoming, shown.length)),
      shown.length === 0
        ? h("p", { class: "empty" }, t.match.noIncoming)
        : h(
            "ul",
            { class: "rows" },
            shown.map((c) => {
              const mineAnswer = c.to.find((x) => x.username.toLowerCase() === lower)?.answer ?? "pending";
              const others = c.to.filter((x) => x.username.toLowerCase() !== lower);
              return h(
                "li",
                { class: "game-row challenge-row", "data-challenge": c.id, "data-challenger": c.challenger },
                h(
                  "span",
                  { class: "who" },
                  linkedSentence(t.match.challengesYou, c.challenger, c.challenger),
                  c.challenger_bot_account ? h("span", { class: "pill bot" }, t.profiles.botBadge) : null,
                ),
                h("span", { class: "what" }, optionsText(c)),
                others.length > 0 ? h("span", { class: "what" }, t.match.alsoChallenged(others.map((x) => `${x.username} (${t.match.answers[x.answer]})`))) : null,
                h("span", { class: "when" }, t.expires(relative(c.expires_at))),
                mineAnswer === "pending" ? answerControls(c) : h("span", { class: "state" }, t.match.acceptedWaiting),
              );
            }),
          ),
      toMe.note,
      toMe.problem,
    );
  };

  /** Accept, and Decline with a reason. @param {Challenge} c */
  const answerControls = (c) => {
    const decline = h(
      "form",
      { class: "decline", "aria-label": t.match.declineOf(c.challenger) },
      h(
        "label",
        {},
        t.match.reason,
        h(
          "select",
          { name: "reason" },
          REASONS.map((r) => h("option", { value: r }, t.match.reasons[r])),
        ),
      ),
      h("button", { type: "submit" }, t.match.decline, h("span", { class: "sr" }, ` ${t.match.challengeOf(c.challenger)}`)),
    );
    decline.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const reason = REASONS.find((r) => r === new FormData(/** @type {HTMLFormElement} */ (decline)).get("reason")) ?? "generic";
      void act(
        /** @type {HTMLButtonElement | null} */ (decline.querySelector("button")),
        async () => {
          await call("POST", `/v1/challenges/${c.id}/decline`, { body: { reason } });
          toMe.note.textContent = t.match.declined(c.challenger);
        },
        c.challenger,
        toMe,
      );
    });
    return h(
      "div",
      { class: "answer" },
      h(
        "button",
        {
          type: "button",
          class: "primary",
          onclick: (/** @type {Event} */ e) =>
            act(
              /** @type {HTMLButtonElement} */ (e.currentTarget),
              async () => {
                const after = /** @type {Challenge} */ (await call("POST", `/v1/challenges/${c.id}/accept`));
                waiting.add(c.id);
                if (after.game_id !== null) go(after.game_id);
                else toMe.note.textContent = t.match.acceptedWaiting;
              },
              c.challenger,
              toMe,
            ),
        },
        t.match.accept,
        h("span", { class: "sr" }, ` ${t.match.challengeOf(c.challenger)}`),
      ),
      decline,
    );
  };

  /** @param {Challenge[]} list newest first */
  const showOutgoing = (list) => {
    const shown = [...list.filter((c) => c.state === "open"), ...list.filter((c) => c.state !== "open")].slice(0, OUTGOING_SHOWN);
    outgoing.hidden = shown.length === 0 && !challengesFirst && byMe.note.textContent === "" && byMe.problem.textContent === "";
    replace(
      outgoing,
      h("h2", { id: "list-outgoing" }, t.listTitle(t.match.outgoing, shown.length)),
      byMe.note,
      byMe.problem,
      shown.length === 0
        ? h("p", { class: "empty" }, t.match.noOutgoing)
        : h(
            "ul",
            { class: "rows" },
            shown.map((c) =>
              h(
                "li",
                { class: "game-row challenge-row", "data-challenge": c.id, "data-state": c.state },
                h("span", { class: `state state-${c.state}` }, t.match.states[c.state]),
                h(
                  "span",
                  { class: "who" },
                  t.match.to,
                  " ",
                  c.to.flatMap((x, i) => [i > 0 ? ", " : null, playerLink(x.username)]),
                ),
                h("span", { class: "what" }, optionsText(c)),
                c.to
                  .filter((x) => x.answer !== "pending" || c.to.length > 1)
                  .map((x) =>
                    h(
                      "span",
                      { class: "answer-of", "data-answer": x.answer },
                      x.answer === "declined" && x.reason
                        ? t.match.declinedBecause(x.username, t.match.reasons[x.reason])
                        : `${x.username}: ${t.match.answers[x.answer]}`,
                    ),
                  ),
                c.game_id !== null
                  ? h("a", { href: `#/game/${c.game_id}`, class: "button primary" }, t.match.toGame, h("span", { class: "sr" }, ` ${c.game_id.slice(0, 8)}`))
                  : c.state === "open"
                    ? h(
                        "button",
                        {
                          type: "button",
                          onclick: (/** @type {Event} */ e) =>
                            act(
                              /** @type {HTMLButtonElement} */ (e.currentTarget),
                              async () => {
                                await call("DELETE", `/v1/challenges/${c.id}`);
                                byMe.note.textContent = t.match.challengeCancelled;
                              },
                              undefined,
                              byMe,
                            ),
                        },
                        t.match.cancel,
                        h("span", { class: "sr" }, ` ${t.match.challengeTo(c.to.map((x) => x.username))}`),
                      )
                    : h("span", { class: "when" }, t.match.madeAt(relative(c.created_at))),
              ),
            ),
          ),
    );
  };

  /**
   * Reads the seeks and challenges (with the lobby's `signal` the first time).
   * @param {AbortSignal} [s]
   */
  const load = async (s) => {
    signal = s ?? signal;
    /** @type {[SeekPage, MySeeks, ChallengeList]} */
    let read;
    try {
      read = await Promise.all([
        /** @type {Promise<SeekPage>} */ (call("GET", "/v1/seeks?limit=50", { auth: false, signal })),
        /** @type {Promise<MySeeks>} */ (call("GET", "/v1/me/seeks", { signal })),
        /** @type {Promise<ChallengeList>} */ (call("GET", "/v1/me/challenges", { signal })),
      ]);
    } catch (e) {
      // Shown until a later reading succeeds; the lobby's own lists are unaffected.
      if (!signal?.aborted) replace(open, h("p", { role: "alert" }, t.match.notLoaded(e instanceof Error ? e.message : String(e))));
      return;
    }
    const [page, own, challenges] = read;
    if (signal?.aborted || left) return;
    // A challenge seen open that now names its game: the last acceptance made it.
    for (const c of [...challenges.incoming, ...challenges.outgoing]) {
      if (c.game_id !== null && waiting.has(c.id)) return go(c.game_id);
      if (c.state === "open") waiting.add(c.id);
    }
    showMine(own.seeks);
    showOpen(page.seeks.filter((x) => x.username.toLowerCase() !== me.toLowerCase()));
    showIncoming(challenges.incoming);
    showOutgoing(challenges.outgoing);
    countBadge(awaitingMe(challenges, me).length);
  };

  /**
   * A notification from the lobby's stream: a seek of mine paired, or a challenge declined.
   * @param {Notification} n
   */
  const heard = (n) => {
    const p = /** @type {Record<string, unknown> | null} */ (n.payload);
    if (n.kind === "seek_matched" && n.game_id !== null && seeking.has(p?.["seek_id"])) go(n.game_id);
    if (n.kind === "challenge_declined" && waiting.has(p?.["challenge_id"]) && typeof p?.["by"] === "string") {
      const reason = REASONS.find((r) => r === p["reason"]);
      byMe.note.textContent = reason ? t.match.declinedBecause(p["by"], t.match.reasons[reason]) : t.match.declinedYours(p["by"]);
    }
  };

  return { play, incoming, outgoing, load, heard };
}

/**
 * "Seek with your options": players, rated, clock, Bruce, and the ratings admitted.
 * @param {(body: SeekRequest) => Promise<void>} send
 */
function seekForm(send) {
  const form = h(
    "form",
    { class: "seek-form", "aria-labelledby": "seek-title" },
    h(
      "div",
      { class: "fields" },
      h("label", {}, `${t.players} `, h("select", { name: "players" }, [2, 3, 4, 5].map((n) => h("option", { value: n }, String(n))))),
      h(
        "label",
        {},
        `${t.clock} `,
        h("select", { name: "clock" }, CLOCKS.map(([key, seconds]) => h("option", { value: seconds ?? "none", selected: key === "days3" }, t.clocks[key]))),
      ),
      h("label", {}, `${t.match.ratingMin} `, h("input", { name: "rating_min", type: "number", min: 0, max: 4000, step: 1, inputmode: "numeric" })),
      h("label", {}, `${t.match.ratingMax} `, h("input", { name: "rating_max", type: "number", min: 0, max: 4000, step: 1, inputmode: "numeric" })),
      h("label", { class: "check" }, h("input", { name: "rated", type: "checkbox", checked: true }), ` ${t.match.rated}`),
      h("label", { class: "check" }, h("input", { name: "include_bruce", type: "checkbox" }), ` ${t.includeBruce}`),
    ),
    h("button", { type: "submit", class: "primary" }, t.match.seek),
  );
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const data = new FormData(/** @type {HTMLFormElement} */ (form));
    const clock = String(data.get("clock") ?? "none");
    /** @param {string} name */
    const rating = (name) => {
      const v = String(data.get(name) ?? "").trim();
      return v === "" ? null : Number(v);
    };
    void send({
      players: Number(data.get("players")),
      rated: data.get("rated") !== null,
      include_bruce: data.get("include_bruce") !== null,
      turn_time_limit_s: clock === "none" ? null : Number(clock),
      rating_min: rating("rating_min"),
      rating_max: rating("rating_max"),
    });
  });
  return h(
    "details",
    { class: "seek-options" },
    h("summary", { id: "seek-title" }, t.match.seekWithOptions),
    form,
  );
}

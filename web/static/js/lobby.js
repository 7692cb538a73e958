// The lobby: matchmaking first (challenges to me, "Play now", the seeks: matchmaking.js), my
// invitations (accept or decline), games awaiting me, my other games in play or open (my latest
// finished ones folded under them), open games to join, live public games to watch, my
// challenges, a new game (each other seat a person's or a bot's), "Learn by playing" (a guided
// game against the random bot, resumed while one is unfinished), joining by an invitation's link
// or code, and the turn notifications switch; and the page an invitation link opens (#/join),
// which says whose game it is and how it is played before joining. Each game is listed once.
// Games are named by their players; a finished one says my place and the scores. Lists put the
// games awaiting me first, nearest deadline first, then the rest by latest update. News of mine (invitations, turns, starts, ends) comes at once on my
// notifications' stream (`/v1/me/stream`); the lists are also read every 10 s (others' open
// games are news of nobody's, and streams may not work). A turn's notification carries a signed
// receipt, kept for the audit page (api.js `keepReceiptOf`).

import { ApiError, call, keepReceiptOf, session } from "./api.js";
import { h, replace } from "./dom.js";
import { dateTime, relative } from "./format.js";
import { addGuideGame, hints } from "./hints.js";
import { t } from "./i18n.js";
import { MATCH_KINDS, matchmaking } from "./matchmaking.js";
import { playerLink, seatProfile } from "./players.js";
import { pushControls } from "./push.js";
import { follow, streams } from "./stream.js";

/** @typedef {import("./types.js").GamePage} GamePage */
/** @typedef {import("./types.js").GameSummary} GameSummary */
/** @typedef {import("./types.js").CreateGameRequest} CreateGameRequest */
/** @typedef {import("./types.js").BotLevel} BotLevel */
/** @typedef {import("./types.js").InvitationList} InvitationList */
/** @typedef {import("./types.js").ReceivedInvitation} ReceivedInvitation */
/** @typedef {import("./types.js").Notification} Notification */
/** @typedef {import("./types.js").GameDto} GameDto */

/** Every kind of notification: each is news for the lobby's lists. */
const KINDS = ["your_turn", "game_started", "game_ended", "invited", "timed_out", ...MATCH_KINDS];

/** The clock choices: seconds per decision (`null`: no clock); 3 days is the default. */
const CLOCKS = /** @type {const} */ ([
  ["none", null],
  ["hour", 3600],
  ["day", 86400],
  ["days3", 259200],
  ["week", 604800],
]);

/** @type {BotLevel[]} */
const LEVELS = ["random", "greedy", "mcts"];

/** How many of my finished games the lobby shows (the rest are on my profile). */
const FINISHED_SHOWN = 5;

/** A page of live games to watch. */
const WATCH_PAGE = 10;

/** @type {AbortController | null} */
let refreshing = null;

export function leaveLobby() {
  refreshing?.abort();
  refreshing = null;
}

/**
 * The lobby; at #/challenges (`at` "challenges", where the header's badge leads), the same with
 * the challenges to me in view.
 * @param {HTMLElement} main
 * @param {"" | "challenges"} [at]
 */
export async function showLobby(main, at = "") {
  leaveLobby();
  const abort = new AbortController();
  refreshing = abort;
  const me = session()?.username ?? "";
  const lists = h("div", { class: "lists" }, h("p", { role: "status" }, t.loadingGames));
  const error = h("div", { class: "form-error", "aria-live": "polite" });
  /** My games as last read, by id: "Learn by playing" resumes an unfinished guide game. */
  /** @type {Map<string, GameSummary>} */
  const known = new Map();
  const learn = learnByPlaying(error, known);
  const watch = watchList(me);
  const match = matchmaking(at === "challenges");
  replace(
    main,
    h(
      "section",
      { class: "lobby", "aria-labelledby": "lobby-title" },
      h("h1", { id: "lobby-title" }, t.lobby),
      match.incoming,
      // At #/challenges, mine follow the ones to me; otherwise they follow the games.
      at === "challenges" ? match.outgoing : null,
      match.play,
      learn,
      error,
      lists,
      watch.el,
      at === "challenges" ? null : match.outgoing,
      createForm(error),
      joinForm(),
      goForm(),
      pushControls(),
    ),
  );
  document.title = t.pageTitle(t.lobby);
  let live = /** @type {"stream" | "poll"} */ (streams() ? "stream" : "poll");
  // News of my games and invitations comes on my stream: the lists are read again (once for a
  // burst); so they are after I decline an invitation.
  /** @type {number | null} */
  let soon = null;
  const reload = () => {
    if (soon !== null || abort.signal.aborted) return;
    soon = window.setTimeout(() => {
      soon = null;
      if (!abort.signal.aborted) void Promise.all([load(), match.load()]).catch(() => {});
    }, 150);
  };
  const load = async () => {
    const [invitations, awaiting, active, waiting, finished, open] = await Promise.all([
      /** @type {Promise<InvitationList>} */ (call("GET", "/v1/me/invitations", { signal: abort.signal })),
      page("?mine=true&awaiting_me=true&limit=50", abort.signal),
      page("?mine=true&status=active&limit=50", abort.signal),
      page("?mine=true&status=open&limit=50", abort.signal),
      page(`?mine=true&status=finished&limit=${FINISHED_SHOWN}`, abort.signal),
      page("?status=open&limit=50", abort.signal),
      watch.load(abort.signal).catch(() => {}),
    ]);
    if (abort.signal.aborted) return;
    // Each game once: one awaiting me is not listed again among my games.
    const first = new Set(awaiting.map((g) => g.id));
    const mine = [...active, ...waiting].filter((g) => !first.has(g.id));
    const joinable = open.filter((g) => !g.seats.some((s) => s.username === me));
    for (const games of [awaiting, mine, joinable]) sortGames(games, me);
    known.clear();
    for (const g of [...awaiting, ...mine, ...finished]) known.set(g.id, g);
    // The lists are drawn again every 10 s: the finished games stay open once opened.
    const opened = /** @type {HTMLDetailsElement | null} */ (lists.querySelector("details.finished-games"))?.open ?? false;
    replace(
      lists,
      invitations.invitations.length > 0 ? invitationList(invitations.invitations, error, reload) : null,
      list(t.awaitingYou, "awaiting", awaiting, me, error),
      list(t.yourGames, "mine", mine, me, error, finishedGames(finished, me, error, opened)),
      list(t.openGames, "open", joinable, me, error),
    );
    lists.setAttribute("data-live", live);
    // "Learn by playing" leads a new player's lobby; once they have games, it follows the lists.
    if (known.size > 0) lists.after(learn);
    else lists.before(learn);
    learn.dataset["resume"] = (await guideUnderway(known)) === null ? "no" : "yes";
    document.title = `${awaiting.length > 0 ? "● " : ""}${t.pageTitle(t.lobby)}`;
  };
  const matched = match.load(abort.signal);
  try {
    await load();
  } catch (e) {
    replace(lists, h("p", { role: "alert" }, t.gamesNotLoaded(e instanceof Error ? e.message : String(e))));
  }
  await matched;
  if (at === "challenges" && !abort.signal.aborted) {
    match.incoming.scrollIntoView({ block: "start" });
    /** @type {HTMLElement | null} */ (match.incoming.querySelector("h2"))?.focus({ preventScroll: true });
  }
  const seen = `lords.notified.${me}`;
  if (live === "stream") {
    follow("/v1/me/stream", {
      kinds: ["notification"],
      // From the last notification this browser heard of (none yet: from the first, for the
      // receipts the turns' notifications carry): an old account's whole history is not
      // replayed on every visit to the lobby.
      after: () => localStorage.getItem(seen) ?? "0",
      heard: (data, id) => {
        if (/^\d+$/.test(id)) localStorage.setItem(seen, id);
        // A turn's notification carries the receipt of the version it tells of.
        const n = /** @type {Notification} */ (data);
        if (!KINDS.includes(n.kind)) return;
        if (n.kind === "your_turn" && n.game_id !== null) keepReceiptOf(n.game_id, /** @type {{receipt?: unknown} | null} */ (n.payload)?.receipt);
        match.heard(n);
        reload();
      },
      opened: (again) => {
        if (again) reload();
      },
      gaveUp: () => {
        live = "poll";
        lists.setAttribute("data-live", live);
      },
      signal: abort.signal,
    });
  }
  void (async () => {
    while (!abort.signal.aborted) {
      await new Promise((r) => setTimeout(r, 10_000));
      if (abort.signal.aborted) return;
      await Promise.all([load(), match.load()]).catch(() => {});
    }
  })();
}

/**
 * A button that joins game `id` and opens it; a refusal shows its detail in `error`. `ref`
 * names the game to screen readers only.
 * @param {string} id
 * @param {string} label
 * @param {string} ref
 * @param {HTMLElement} error
 */
function joinButton(id, label, ref, error) {
  return h(
    "button",
    {
      type: "button",
      class: "primary",
      onclick: async () => {
        try {
          await call("POST", `/v1/games/${id}/join`);
          location.hash = `#/game/${id}`;
        } catch (e) {
          error.textContent = e instanceof Error ? e.message : String(e);
        }
      },
    },
    label,
    h("span", { class: "sr" }, ref),
  );
}

/**
 * My invitations by username (a rematch's included): accepting one joins its game; declining
 * one frees the seat it kept, and the lists are read again (`reload`).
 * @param {ReceivedInvitation[]} invitations
 * @param {HTMLElement} error
 * @param {() => void} reload
 */
function invitationList(invitations, error, reload) {
  return h(
    "section",
    { class: "games invitations", "aria-labelledby": "list-invitations" },
    h("h2", { id: "list-invitations" }, t.listTitle(t.invitations, invitations.length)),
    h(
      "ul",
      {},
      invitations.map((inv) => {
        const g = inv.game;
        const short = g.id.slice(0, 8);
        return h(
          "li",
          { class: "game-row", "data-game": g.id, "data-invitation": inv.id },
          h("span", { class: "who" }, t.invitedBy(inv.inviter)),
          h("span", { class: "what" }, playerNames(g, "")),
          h("span", { class: "what" }, t.gameWhat(g.options.players, g.options.target_score, g.options.include_bruce)),
          h("time", { class: "when", datetime: inv.expires_at, title: dateTime(inv.expires_at) }, t.expires(relative(inv.expires_at))),
          h(
            "span",
            { class: "answer-buttons" },
            joinButton(g.id, t.acceptShort, t.gameRef(short), error),
            h(
              "button",
              {
                type: "button",
                "data-decline": inv.id,
                onclick: async (/** @type {Event} */ ev) => {
                  error.textContent = "";
                  const button = /** @type {HTMLButtonElement} */ (ev.currentTarget);
                  button.disabled = true;
                  try {
                    await call("POST", `/v1/me/invitations/${inv.id}/decline`);
                    button.closest("li")?.remove();
                    reload();
                  } catch (e) {
                    button.disabled = false;
                    error.textContent = e instanceof Error ? e.message : String(e);
                  }
                },
              },
              t.lobbyMore.decline,
              h("span", { class: "sr" }, t.gameRef(short)),
            ),
          ),
        );
      }),
    ),
  );
}

/**
 * An invitation link (`…#/join/<game>/<code>`) or what it carries, the game's id and the code.
 * @param {string} text
 * @returns {{game: string, code: string} | null}
 */
export function invitation(text) {
  const m = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})[\s/:]+([A-Za-z0-9_-]{16,})/i.exec(text.trim());
  return m && m[1] && m[2] ? { game: m[1].toLowerCase(), code: m[2] } : null;
}

/**
 * Joins `game` with `code`; then its table.
 * @param {string} game
 * @param {string} code
 */
export async function joinWithCode(game, code) {
  try {
    await call("POST", `/v1/games/${game}/join`, { body: { code } });
  } catch (e) {
    // Following the link twice: I am in already.
    if (!(e instanceof ApiError && e.code === "already_seated")) throw e;
  }
  location.hash = `#/game/${game}`;
}

/**
 * What a person reads when an invitation link fails, by the problem's code: a link whose game
 * id does not parse was not copied whole; a code that is no live invitation (or, for a private
 * game, whose game is not found with it) has expired or was used up. Anything else: the
 * problem's own detail.
 * @param {unknown} e
 */
export function linkProblem(e) {
  if (e instanceof ApiError) {
    if (e.code === "invalid_path") return t.linkNotValid;
    if (e.code === "invalid_invitation" || e.code === "game_not_found") return t.linkExpired;
  }
  return e instanceof Error ? e.message : String(e);
}

/** Whether `id` is a game id (a UUID): anything else is a link cut short or mistyped. */
export const GAME_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Join by code": an invitation link pasted whole, or the game's id and the code. */
function joinForm() {
  const problem = h("p", { class: "form-error", role: "alert", id: "join-code-problem" });
  const form = h(
    "form",
    { class: "go", "aria-labelledby": "join-code-title" },
    h("h2", { id: "join-code-title" }, t.joinByCode),
    h(
      "label",
      {},
      t.invitationLinkOrCode,
      h("input", { name: "invitation", type: "text", required: true, autocomplete: "off", "aria-describedby": "join-code-problem" }),
    ),
    h("button", { type: "submit" }, t.joinButton),
    problem,
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    problem.textContent = "";
    const inv = invitation(String(new FormData(/** @type {HTMLFormElement} */ (form)).get("invitation") ?? ""));
    if (inv === null) {
      problem.textContent = t.notAnInvitation;
      return;
    }
    try {
      await joinWithCode(inv.game, inv.code);
    } catch (e) {
      problem.textContent = linkProblem(e);
      if (e instanceof ApiError) problem.dataset["code"] = e.code;
    }
  });
  return form;
}

/**
 * @param {string} query
 * @param {AbortSignal} signal
 */
async function page(query, signal) {
  const p = /** @type {GamePage} */ (await call("GET", `/v1/games${query}`, { signal }));
  return p.games;
}

/**
 * @param {string} title
 * @param {string} key
 * @param {GameSummary[]} games
 * @param {string} me
 * @param {HTMLElement} error
 * @param {HTMLElement | null} [after] what follows the list in its section
 */
function list(title, key, games, me, error, after = null) {
  return h(
    "section",
    { class: "games", "aria-labelledby": `list-${key}` },
    h("h2", { id: `list-${key}` }, t.listTitle(title, games.length)),
    games.length === 0 ? h("p", { class: "empty" }, t.none) : rows(games, key, me, error),
    after,
  );
}

/**
 * My latest finished games, folded: they are done with, and would push the games in play down.
 * The rest are on my profile.
 * @param {GameSummary[]} games
 * @param {string} me
 * @param {HTMLElement} error
 * @param {boolean} open whether the person opened them
 */
function finishedGames(games, me, error, open) {
  if (games.length === 0) return null;
  return h(
    "details",
    { class: "finished-games", open },
    h("summary", {}, t.lobbyMore.finishedGames(games.length)),
    rows(games, "finished", me, error),
    h("p", {}, h("a", { href: `#/player/${encodeURIComponent(me)}`, class: "more-link" }, t.lobbyMore.allFinished)),
  );
}

/**
 * The rows of a list of games.
 * @param {GameSummary[]} games
 * @param {string} key
 * @param {string} me
 * @param {HTMLElement} error
 */
function rows(games, key, me, error) {
  return h(
    "ul",
    {},
    games.map((g) => {
      const seatedHere = g.seats.some((s) => s.username === me);
      const what = t.gameWhat(g.options.players, g.options.target_score, g.options.include_bruce);
      const short = g.id.slice(0, 8);
      const finished = g.status === "finished";
      return h(
        "li",
        { class: "game-row", "data-game": g.id, "data-status": g.status },
        h("span", { class: `state state-${g.status}` }, t.status[g.status]),
        h("span", { class: "who" }, g.seats.length > 0 ? playerNames(g, me) : t.nobodyYet),
        finished ? h("span", { class: "result", "data-result": "" }, resultLine(g, me)) : h("span", { class: "what" }, what),
        key === "awaiting" && g.deadline
          ? h("time", { class: "when deadline", datetime: g.deadline, title: dateTime(g.deadline) }, t.decideBy(relative(g.deadline)))
          : h("span", { class: "when" }, t.updated(dateTime(g.updated_at))),
        finished
          ? h("a", { href: `#/game/${g.id}`, class: "button primary" }, t.seeFinalTable, h("span", { class: "sr" }, t.ofGame(short)))
          : seatedHere || g.status !== "open"
            ? h("a", { href: `#/game/${g.id}`, class: "button" }, g.status === "open" ? t.openShort : t.playShort, h("span", { class: "sr" }, t.gameRef(short)))
            : joinButton(g.id, t.joinShort, t.gameRef(short), error),
        finished ? h("a", { href: `#/audit/${g.id}`, class: "button" }, t.auditShort, h("span", { class: "sr" }, t.gameRef(short))) : null,
      );
    }),
  );
}

/**
 * The players by name, each a link to their profile ("you" marked; a bot by its level, linked
 * to its rated profile), in seat order.
 * @param {GameSummary} g
 * @param {string} me
 */
function playerNames(g, me) {
  return g.seats.flatMap((s, i) => {
    const name = s.bot ? t.seatBot(t.botLevels[s.bot]) : s.username;
    const label = s.username.toLowerCase() === me.toLowerCase() ? t.you(name) : name;
    return [i > 0 ? ", " : null, playerLink(seatProfile(s), label)];
  });
}

/**
 * A finished game's outcome for me: my place and the scores by seat ("You came 2nd · 42–47–30"),
 * or, without a result (a game finished before the server kept them), who won.
 * @param {GameSummary} g
 * @param {string} me
 */
function resultLine(g, me) {
  const mine = g.seats.find((s) => s.username.toLowerCase() === me.toLowerCase())?.seat;
  const r = g.result;
  if (r) {
    const scores = r.scores.join("–");
    const place = mine === undefined ? -1 : r.ranking.indexOf(mine);
    return place >= 0 ? t.youCame(place + 1, scores) : t.finalScores(scores);
  }
  const winners = (g.winners ?? []).map((w) => g.seats.find((s) => s.seat === w)?.username ?? t.seat(w + 1));
  return winners.length > 0 ? t.wonBy(winners) : t.status.finished;
}

/**
 * Games awaiting me first, nearest deadline first (no deadline last), then the rest by latest
 * update; in place.
 * @param {GameSummary[]} games
 * @param {string} me
 */
export function sortGames(games, me) {
  const lower = me.toLowerCase();
  /** @param {GameSummary} g */
  const awaitsMe = (g) =>
    g.status === "active" && g.awaiting !== null && g.seats.some((s) => s.seat === g.awaiting?.seat && s.username.toLowerCase() === lower);
  /** @param {GameSummary} g */
  const due = (g) => (g.deadline ? Date.parse(g.deadline) : Number.POSITIVE_INFINITY);
  games.sort((a, b) => {
    const [ma, mb] = [awaitsMe(a), awaitsMe(b)];
    if (ma !== mb) return ma ? -1 : 1;
    if (ma && due(a) !== due(b)) return due(a) < due(b) ? -1 : 1;
    return Date.parse(b.updated_at) - Date.parse(a.updated_at);
  });
  return games;
}

/**
 * My latest guide game that is not over, or null: among my games as the lobby last read them,
 * else as the server has it (a guide game may be older than the lists' pages).
 * @param {Map<string, GameSummary>} known
 */
async function guideUnderway(known) {
  const doc = await hints().catch(() => null);
  const guides = [...(doc?.games ?? [])].reverse().filter((id) => !over.has(id));
  let asked = 0;
  for (const id of guides) {
    let g = known.get(id);
    if (g === undefined && asked < 3) {
      asked += 1;
      g = await /** @type {Promise<GameDto>} */ (call("GET", `/v1/games/${id}`))
        .then((d) => d.game)
        .catch(() => undefined);
    }
    if (g !== undefined && (g.status === "active" || g.status === "open")) return g.id;
    if (g !== undefined) over.add(id);
  }
  return null;
}

/** Guide games known to be over: not asked about again. */
const over = new Set();

/**
 * "Learn by playing": my guide game if one is not over yet, else a new one: a private game of
 * two, no clock, against the random bot, that starts at once; it is kept as a guide game
 * (hints.js) and its table opens with hints.
 * @param {HTMLElement} error
 * @param {Map<string, GameSummary>} known my games as the lobby last read them
 */
function learnByPlaying(error, known) {
  return h(
    "section",
    { class: "learn", "aria-labelledby": "learn-title" },
    h("h2", { id: "learn-title" }, t.learnTitle),
    h("p", {}, t.learnIntro),
    h("p", { class: "resume-note" }, t.lobbyMore.learnResumes),
    h(
      "button",
      {
        type: "button",
        class: "primary",
        id: "learn-by-playing",
        onclick: async () => {
          error.textContent = "";
          try {
            const underway = await guideUnderway(known);
            if (underway !== null) {
              location.hash = `#/game/${underway}`;
              return;
            }
            /** @type {CreateGameRequest} */
            const body = {
              players: 2,
              target_score: 40,
              include_bruce: false,
              turn_time_limit_s: null,
              visibility: "private",
              bots: [{ seat: 1, level: "random" }],
            };
            const g = /** @type {GameSummary} */ (await call("POST", "/v1/games", { body }));
            await addGuideGame(g.id);
            location.hash = `#/game/${g.id}`;
          } catch (e) {
            error.textContent = e instanceof Error ? e.message : String(e);
          }
        },
      },
      t.learnButton,
    ),
  );
}

/**
 * @param {HTMLElement} error
 */
function createForm(error) {
  // Each other seat: a person who joins, or a bot of a level; as many as the players.
  const seats = h("fieldset", { class: "seats wide" }, h("legend", {}, t.opponents));
  /** @param {number} players */
  const seatFields = (players) => {
    /** @type {Map<string, string>} */
    const kept = new Map();
    for (const el of seats.querySelectorAll("select")) kept.set(el.name, el.value);
    replace(
      seats,
      h("legend", {}, t.opponents),
      Array.from({ length: players - 1 }, (_, i) => {
        const name = `seat-${i + 1}`;
        const was = kept.get(name) ?? "";
        return h(
          "label",
          {},
          `${t.otherSeat(i + 2)} `,
          h(
            "select",
            { name },
            h("option", { value: "", selected: was === "" }, t.seatPerson),
            LEVELS.map((l) => h("option", { value: l, selected: was === l }, t.seatBot(t.botLevels[l]))),
          ),
        );
      }),
    );
  };
  seatFields(2);
  // RULES §9.7 (service rules): rated by default unless a seat is given to a bot; the creator may
  // choose either, and a choice made by hand is kept.
  const rated = /** @type {HTMLInputElement} */ (
    h("input", { name: "rated", type: "checkbox", checked: true, onchange: () => (rated.dataset.chosen = "yes") })
  );
  const form = h(
    "form",
    { class: "create", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, t.newGame),
    h(
      "div",
      { class: "fields" },
      h(
        "label",
        {},
        `${t.players} `,
        h(
          "select",
          { name: "players", onchange: (/** @type {Event} */ e) => seatFields(Number(/** @type {HTMLSelectElement} */ (e.target).value)) },
          [2, 3, 4, 5].map((n) => h("option", { value: n }, String(n))),
        ),
      ),
      h(
        "label",
        {},
        `${t.powerRule} `,
        h(
          "select",
          { name: "power_rule" },
          h("option", { value: "" }, t.ruleDefault),
          h("option", { value: "lowest_strength" }, t.ruleLowestStrength),
          h("option", { value: "lowest_in_clan" }, t.ruleLowestInClan),
        ),
      ),
      h("label", {}, `${t.targetScore} `, h("input", { name: "target_score", type: "number", min: 10, max: 100, value: 40, required: true })),
      h(
        "label",
        {},
        `${t.clock} `,
        h(
          "select",
          { name: "clock" },
          CLOCKS.map(([key, seconds]) => h("option", { value: seconds ?? "none", selected: key === "days3" }, t.clocks[key])),
        ),
      ),
      seats,
      h("label", { class: "check" }, h("input", { name: "include_bruce", type: "checkbox" }), ` ${t.includeBruce}`),
      h("label", { class: "check" }, h("input", { name: "private", type: "checkbox" }), ` ${t.privateGame}`),
      h("label", { class: "check" }, rated, ` ${t.ratedGame}`),
    ),
    h("button", { type: "submit", class: "primary" }, t.createGame),
  );
  // After the players' count too, which redraws the seats.
  form.addEventListener("change", () => {
    if (rated.dataset.chosen === undefined) rated.checked = Array.from(seats.querySelectorAll("select")).every((el) => el.value === "");
  });
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const data = new FormData(/** @type {HTMLFormElement} */ (form));
    const rule = String(data.get("power_rule") ?? "");
    const players = Number(data.get("players"));
    const clock = String(data.get("clock") ?? "none");
    /** @type {import("./types.js").CreateBotSeat[]} */
    const bots = [];
    for (let seat = 1; seat < players; seat++) {
      const level = LEVELS.find((l) => l === data.get(`seat-${seat}`));
      if (level) bots.push({ seat, level });
    }
    /** @type {CreateGameRequest} */
    const body = {
      players,
      target_score: Number(data.get("target_score")),
      include_bruce: data.get("include_bruce") !== null,
      turn_time_limit_s: clock === "none" ? null : Number(clock),
      visibility: data.get("private") !== null ? "private" : "public",
      rated: data.get("rated") !== null,
    };
    if (rule === "lowest_strength" || rule === "lowest_in_clan") body.power_rule = rule;
    // With every other seat a bot's, the game starts at once.
    if (bots.length > 0) body.bots = bots;
    try {
      const g = /** @type {GameSummary} */ (await call("POST", "/v1/games", { body }));
      location.hash = `#/game/${g.id}`;
    } catch (e) {
      error.textContent = e instanceof Error ? e.message : String(e);
    }
  });
  return form;
}

/** Opens a game by its id or its link (an invitation). */
function goForm() {
  const form = h(
    "form",
    { class: "go", "aria-labelledby": "go-title" },
    h("h2", { id: "go-title" }, t.goTitle),
    h("label", {}, t.goLabel, h("input", { name: "game", type: "text", required: true, autocomplete: "off" })),
    h("button", { type: "submit" }, t.goButton),
  );
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = String(new FormData(/** @type {HTMLFormElement} */ (form)).get("game") ?? "");
    const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(text)?.[0];
    if (id) location.hash = `#/game/${id.toLowerCase()}`;
  });
  return form;
}

/**
 * "Watch": the live public games, most recently updated first, a page at a time (the
 * listing's keyset pages); each opens its table, where a spectator sees what everyone may see.
 * My own games are in my lists, not here.
 * @param {string} me
 */
function watchList(me) {
  const items = h("ul", { class: "watch-rows" });
  const empty = h("p", { class: "empty" }, t.lobbyMore.watchEmpty);
  const title = h("h2", { id: "list-watch" }, t.lobbyMore.watchTitle);
  /** @type {string | null} */
  let cursor = null;
  /** Whether more than the first page is shown: the 10 s reading then leaves the list alone. */
  let paged = false;
  const more = /** @type {HTMLButtonElement} */ (
    h("button", { type: "button", onclick: () => void next(cursor, true) }, t.lobbyMore.watchMore)
  );
  const el = h(
    "section",
    { class: "games watch", "aria-labelledby": "list-watch" },
    title,
    h("p", { class: "meta" }, t.lobbyMore.watchIntro),
    empty,
    items,
    more,
  );
  /** @param {GameSummary} g */
  const row = (g) =>
    h(
      "li",
      { class: "game-row", "data-game": g.id },
      h("span", { class: "who" }, playerNames(g, me)),
      h("span", { class: "what" }, t.gameWhat(g.options.players, g.options.target_score, g.options.include_bruce)),
      h("span", { class: "when" }, t.updated(dateTime(g.updated_at))),
      h("a", { href: `#/game/${g.id}`, class: "button" }, t.lobbyMore.watchShort, h("span", { class: "sr" }, t.gameRef(g.id.slice(0, 8)))),
    );
  /**
   * @param {string | null} after
   * @param {boolean} append
   * @param {AbortSignal} [signal]
   */
  const next = async (after, append, signal) => {
    const query = `?status=active&watchable=true&limit=${WATCH_PAGE}${after ? `&cursor=${encodeURIComponent(after)}` : ""}`;
    const p = /** @type {GamePage} */ (await call("GET", `/v1/games${query}`, { signal }));
    if (signal?.aborted) return;
    const lower = me.toLowerCase();
    const games = p.games.filter((g) => !g.seats.some((s) => s.username.toLowerCase() === lower));
    if (append) {
      paged = true;
      items.append(...games.map(row));
    } else replace(items, games.map(row));
    cursor = p.next_cursor;
    more.hidden = cursor === null;
    empty.hidden = items.childElementCount > 0;
    el.dataset["count"] = String(items.childElementCount);
  };
  return {
    el,
    /** The first page again, unless more are shown. @param {AbortSignal} signal */
    load: async (signal) => {
      if (!paged) await next(null, false, signal);
    },
  };
}

/**
 * How long each decision may take, in words.
 * @param {number | null | undefined} seconds
 */
function clockWords(seconds) {
  if (seconds == null) return t.clocks.none;
  const preset = CLOCKS.find(([, s]) => s === seconds);
  if (preset) return t.clocks[preset[0]];
  if (seconds % 86400 === 0) return t.lobbyMore.days(seconds / 86400);
  if (seconds % 3600 === 0) return t.lobbyMore.hours(seconds / 3600);
  if (seconds % 60 === 0) return t.lobbyMore.minutes(seconds / 60);
  return t.lobbyMore.seconds(seconds);
}

/**
 * The page an invitation link opens: whose game it is, who sits in it and how it is played
 * (players, target score, clock, power rule, Bruce, rated or not) as the server shows it, and a
 * button to join with the link's code. A private game is shown only to its players: its details
 * come once joined.
 * @param {HTMLElement} main
 * @param {string} game
 * @param {string} code
 */
export async function showJoin(main, game, code) {
  document.title = t.pageTitle(t.invitationTo(game.slice(0, 8)));
  const problem = h("p", { class: "form-error", role: "alert", id: "join-problem" });
  // A link cut short: said at once, in words (the server would answer `invalid_path`).
  const bad = !GAME_ID.test(game);
  if (bad) problem.textContent = t.linkNotValid;
  const about = h("div", { class: "join-about" }, bad ? null : h("p", { role: "status" }, t.loading));
  const joinButton = h(
    "button",
    {
      type: "button",
      class: "primary",
      "aria-describedby": "join-problem",
      onclick: async () => {
        problem.textContent = "";
        try {
          await joinWithCode(game, code);
        } catch (e) {
          problem.textContent = linkProblem(e);
          if (e instanceof ApiError) problem.dataset["code"] = e.code;
        }
      },
    },
    t.joinThisGame,
  );
  replace(
    main,
    h(
      "section",
      { class: "card-form join", "aria-labelledby": "join-title" },
      h("h1", { id: "join-title" }, t.invitationTo(game.slice(0, 8))),
      h("p", {}, t.invitationIntro),
      about,
      bad ? null : joinButton,
      h("p", {}, h("a", { href: "#/", class: "more-link" }, t.backToLobby)),
      problem,
    ),
  );
  if (bad) return;
  /** @type {GameSummary} */
  let g;
  try {
    g = /** @type {GameDto} */ (await call("GET", `/v1/games/${game}`)).game;
  } catch (e) {
    // A private game does not exist to those not seated in it: its details come once joined.
    replace(about, h("p", { class: "meta" }, e instanceof ApiError && e.code === "game_not_found" ? t.lobbyMore.joinPrivate : linkProblem(e)));
    return;
  }
  const me = session()?.username ?? "";
  const creator = g.seats.find((s) => s.seat === 0);
  const o = g.options;
  const rule = o.power_rule === "lowest_in_clan" ? t.ruleLowestInClan : t.ruleLowestStrength;
  /** @param {string} term @param {import("./dom.js").Child} value */
  const fact = (term, value) => [h("dt", {}, term), h("dd", {}, value)];
  replace(
    about,
    creator ? h("p", { class: "join-creator" }, t.lobbyMore.createdBy(creator.bot ? t.seatBot(t.botLevels[creator.bot]) : creator.username)) : null,
    g.status === "open" ? null : h("p", { class: "notice" }, t.lobbyMore.joinNotOpen(t.status[g.status])),
    h(
      "dl",
      { class: "facts join-facts" },
      fact(t.lobbyMore.seated, h("span", {}, g.seats.length > 0 ? playerNames(g, me) : t.nobodyYet, ` (${t.lobbyMore.seatsTaken(g.seats.length, o.players)})`)),
      fact(t.players, String(o.players)),
      fact(t.targetScore, String(o.target_score)),
      fact(t.clock, clockWords(o.turn_time_limit_s)),
      fact(t.powerRule, rule),
      fact(t.includeBruce, o.include_bruce ? t.lobbyMore.yes : t.lobbyMore.no),
      fact(t.lobbyMore.ratedTerm, g.rated ? t.lobbyMore.rated : t.lobbyMore.unrated),
    ),
  );
}

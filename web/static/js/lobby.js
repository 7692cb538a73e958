// The lobby: games awaiting me, my games, open games to join, and a new game.

import { call, session } from "./api.js";
import { h, replace } from "./dom.js";
import { dateTime, relative } from "./format.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").GamePage} GamePage */
/** @typedef {import("./types.js").GameSummary} GameSummary */
/** @typedef {import("./types.js").CreateGameRequest} CreateGameRequest */
/** @typedef {import("./types.js").BotLevel} BotLevel */

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

/** @type {AbortController | null} */
let refreshing = null;

export function leaveLobby() {
  refreshing?.abort();
  refreshing = null;
}

/**
 * @param {HTMLElement} main
 */
export async function showLobby(main) {
  leaveLobby();
  const abort = new AbortController();
  refreshing = abort;
  const me = session()?.username ?? "";
  const lists = h("div", { class: "lists" }, h("p", { role: "status" }, t.loadingGames));
  const error = h("div", { class: "form-error", "aria-live": "polite" });
  replace(
    main,
    h(
      "section",
      { class: "lobby", "aria-labelledby": "lobby-title" },
      h("h1", { id: "lobby-title" }, t.lobby),
      createForm(error),
      goForm(),
      error,
      lists,
    ),
  );
  document.title = t.pageTitle(t.lobby);
  const load = async () => {
    const [awaiting, mine, open] = await Promise.all([
      page("?mine=true&awaiting_me=true&limit=50", abort.signal),
      page("?mine=true&limit=50", abort.signal),
      page("?status=open&limit=50", abort.signal),
    ]);
    if (abort.signal.aborted) return;
    const joinable = open.filter((g) => !g.seats.some((s) => s.username === me));
    replace(
      lists,
      list(t.awaitingYou, "awaiting", awaiting, me, error),
      list(t.yourGames, "mine", mine, me, error),
      list(t.openGames, "open", joinable, me, error),
    );
    document.title = `${awaiting.length > 0 ? "● " : ""}${t.pageTitle(t.lobby)}`;
  };
  try {
    await load();
  } catch (e) {
    replace(lists, h("p", { role: "alert" }, t.gamesNotLoaded(e instanceof Error ? e.message : String(e))));
  }
  // The lobby has no stream: look again every 10 s while it is on screen.
  void (async () => {
    while (!abort.signal.aborted) {
      await new Promise((r) => setTimeout(r, 10_000));
      if (abort.signal.aborted) return;
      await load().catch(() => {});
    }
  })();
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
 */
function list(title, key, games, me, error) {
  return h(
    "section",
    { class: "games", "aria-labelledby": `list-${key}` },
    h("h2", { id: `list-${key}` }, t.listTitle(title, games.length)),
    games.length === 0
      ? h("p", { class: "empty" }, t.none)
      : h(
          "ul",
          {},
          games.map((g) => {
            const names = g.seats.map((s) => s.username).join(", ");
            const seatedHere = g.seats.some((s) => s.username === me);
            const what = t.gameWhat(g.options.players, g.options.target_score, g.options.include_bruce);
            const short = g.id.slice(0, 8);
            return h(
              "li",
              { class: "game-row", "data-game": g.id },
              h("span", { class: `state state-${g.status}` }, t.status[g.status]),
              h("span", { class: "who" }, names || t.nobodyYet),
              h("span", { class: "what" }, what),
              key === "awaiting" && g.deadline
                ? h("time", { class: "when deadline", datetime: g.deadline, title: dateTime(g.deadline) }, t.decideBy(relative(g.deadline)))
                : h("span", { class: "when" }, t.updated(dateTime(g.updated_at))),
              seatedHere || g.status !== "open"
                ? h("a", { href: `#/game/${g.id}`, class: "button" }, g.status === "open" ? t.openGame(short) : t.playGame(short))
                : h(
                    "button",
                    {
                      type: "button",
                      class: "primary",
                      onclick: async () => {
                        try {
                          await call("POST", `/v1/games/${g.id}/join`);
                          location.hash = `#/game/${g.id}`;
                        } catch (e) {
                          error.textContent = e instanceof Error ? e.message : String(e);
                        }
                      },
                    },
                    t.joinGame(short),
                  ),
              g.status === "finished" ? h("a", { href: `#/audit/${g.id}` }, t.auditGame(short)) : null,
            );
          }),
        ),
  );
}

/**
 * @param {HTMLElement} error
 */
function createForm(error) {
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
        h("select", { name: "players" }, [2, 3, 4, 5].map((n) => h("option", { value: n }, String(n)))),
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
      h(
        "label",
        { class: "wide" },
        `${t.opponents} `,
        h(
          "select",
          { name: "opponents" },
          h("option", { value: "" }, t.opponentsPeople),
          LEVELS.map((l) => h("option", { value: l }, t.opponentsBots(t.botLevels[l]))),
        ),
      ),
      h("label", { class: "check" }, h("input", { name: "include_bruce", type: "checkbox" }), ` ${t.includeBruce}`),
      h("label", { class: "check" }, h("input", { name: "private", type: "checkbox" }), ` ${t.privateGame}`),
    ),
    h("button", { type: "submit", class: "primary" }, t.createGame),
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const data = new FormData(/** @type {HTMLFormElement} */ (form));
    const rule = String(data.get("power_rule") ?? "");
    const players = Number(data.get("players"));
    const clock = String(data.get("clock") ?? "none");
    const level = LEVELS.find((l) => l === data.get("opponents"));
    /** @type {CreateGameRequest} */
    const body = {
      players,
      target_score: Number(data.get("target_score")),
      include_bruce: data.get("include_bruce") !== null,
      turn_time_limit_s: clock === "none" ? null : Number(clock),
      visibility: data.get("private") !== null ? "private" : "public",
    };
    if (rule === "lowest_strength" || rule === "lowest_in_clan") body.power_rule = rule;
    // "Play against bots": every other seat is a bot's, and the game starts at once.
    if (level) body.bots = Array.from({ length: players - 1 }, (_, i) => ({ seat: i + 1, level }));
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

// Tournaments (service rules §9.11): the list at #/tournaments (open, running and finished ones,
// and the form that creates one, signed in), a tournament's page at #/tournament/<id> (its
// settings, Join / Withdraw, Start / Cancel for its creator, the caller's game, the standings,
// every round's tables and byes, the standings as CSV), and `tournamentList`, the profile's list.
// The server decides everything: the page shows what it answers and offers what `me` allows.

import { ApiError, call, session } from "./api.js";
import { h, replace } from "./dom.js";
import { dateTime, list, num } from "./format.js";
import { t } from "./i18n.js";
import { playerLink } from "./players.js";

/** @typedef {import("./types.js").Schemas} Schemas */
/** @typedef {Schemas["Tournament"]} Tournament */
/** @typedef {Schemas["TournamentSummary"]} TournamentSummary */
/** @typedef {Schemas["TournamentPage"]} TournamentPage */
/** @typedef {Schemas["TournamentRequest"]} TournamentRequest */
/** @typedef {Schemas["TournamentStanding"]} Standing */
/** @typedef {Schemas["TournamentRound"]} Round */
/** @typedef {Schemas["TournamentMe"]} TournamentMe */

/** A tournament id: a UUID. */
const TOURNAMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The clock choices: seconds per decision; 3 days is the server's default. */
const CLOCKS = /** @type {const} */ ([
  ["day", 86400],
  ["days3", 259200],
  ["week", 604800],
]);

/**
 * The address of a tournament's page.
 * @param {string} id
 */
export function tournamentHref(id) {
  return `#/tournament/${encodeURIComponent(id)}`;
}

/** @param {"swiss" | "round_robin"} format */
function formatName(format) {
  return format === "swiss" ? t.tour.swiss : t.tour.roundRobin;
}

/** @param {Tournament["status"]} status */
function statusName(status) {
  return { open: t.tour.statusOpen, running: t.tour.statusRunning, finished: t.tour.statusFinished, cancelled: t.tour.statusCancelled }[status];
}

/**
 * Seconds per decision in words: one of the form's choices, else days, hours or minutes.
 * @param {number | null} s
 */
function clockName(s) {
  if (s === null) return t.clocks.none;
  const known = CLOCKS.find(([, seconds]) => seconds === s);
  if (known) return t.clocks[known[0]];
  if (s === 3600) return t.clocks.hour;
  if (s % 86400 === 0) return t.lobbyMore.days(s / 86400);
  return new Intl.NumberFormat(document.documentElement.lang || "en", {
    style: "unit",
    unit: s % 3600 === 0 ? "hour" : s % 60 === 0 ? "minute" : "second",
    unitDisplay: "long",
  }).format(s % 3600 === 0 ? s / 3600 : s % 60 === 0 ? s / 60 : s);
}

/** @param {unknown} e */
function problemText(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * A refusal shown in words, its code kept for tests and styles.
 * @param {HTMLElement} el
 * @param {unknown} e
 */
function showProblem(el, e) {
  el.textContent = problemText(e);
  if (e instanceof ApiError) el.dataset["code"] = e.code;
}

/**
 * One tournament of a list: its name as a link, then its facts in a line.
 * @param {TournamentSummary} s
 */
function row(s) {
  const facts = [formatName(s.format), t.tour.tableSize(s.table_size), t.tour.playersOf(s.players, s.max_players)];
  if (s.status === "open") facts.push(s.starts_at ? t.tour.startsAt(dateTime(s.starts_at)) : t.tour.startsByCreator);
  else facts.push(t.tour.roundOf(s.round, s.rounds));
  if (s.turn_time_limit_s !== null) facts.push(t.match.perMove(clockName(s.turn_time_limit_s)));
  return h(
    "li",
    { class: "tournament-row", "data-id": s.id, "data-status": s.status },
    h("a", { href: tournamentHref(s.id), class: "more-link" }, s.name),
    h("p", { class: "meta" }, facts.join(" · ")),
  );
}

/**
 * `#/tournaments`: open, running and finished ones, and the form that creates one.
 * @param {HTMLElement} main
 */
export async function showTournaments(main) {
  document.title = t.pageTitle(t.tour.title);
  const kinds = /** @type {const} */ (["open", "running", "finished"]);
  const empty = { open: t.tour.noneOpen, running: t.tour.noneRunning, finished: t.tour.noneFinished };
  const lists = kinds.map((status) => {
    const body = h("div", { class: "tournament-list" }, h("p", { class: "loading" }, t.loading));
    const section = h(
      "section",
      { class: "games tournaments-" + status, "aria-labelledby": `tournaments-${status}` },
      h("h2", { id: `tournaments-${status}` }, t.tour[status]),
      body,
    );
    return { status, body, section };
  });
  replace(
    main,
    h("h1", { id: "tournaments-title" }, t.tour.title),
    lists.map((l) => l.section),
    session() === null ? h("p", { class: "notice" }, h("a", { href: "#/signin", class: "more-link" }, t.tour.signInToCreate)) : createForm(),
  );
  await Promise.all(
    lists.map(async ({ status, body }) => {
      try {
        const page = /** @type {TournamentPage} */ (await call("GET", `/v1/tournaments?status=${status}&limit=20`));
        replace(body, page.tournaments.length === 0 ? h("p", { class: "empty" }, empty[status]) : h("ul", { class: "tournaments" }, page.tournaments.map(row)));
      } catch (e) {
        replace(body, h("p", { class: "form-error", role: "alert" }, problemText(e)));
      }
    }),
  );
}

/**
 * A labelled field of the form.
 * @param {string} label
 * @param {HTMLElement} control
 * @param {string} [cls]
 */
function field(label, control, cls) {
  return h("label", cls ? { class: cls } : {}, `${label} `, control);
}

/** "Create a tournament": the settings, sent as they are; the server says what it refuses. */
function createForm() {
  const problem = h("p", { class: "form-error", role: "alert", id: "tournament-problem" });
  const format = /** @type {HTMLSelectElement} */ (
    h("select", { name: "format" }, h("option", { value: "swiss" }, t.tour.swiss), h("option", { value: "round_robin" }, t.tour.roundRobin))
  );
  const size = /** @type {HTMLSelectElement} */ (h("select", { name: "table_size" }, [2, 3, 4, 5].map((n) => h("option", { value: n }, num(n)))));
  const rounds = field(t.tour.rounds, h("input", { name: "rounds", type: "number", min: 3, max: 11, value: 5, required: true }));
  const note = h("p", { class: "form-note", hidden: true }, t.tour.roundRobinNote);
  const min = /** @type {HTMLInputElement} */ (h("input", { name: "min_players", type: "number", min: 2, max: 200, value: 4, required: true }));
  const max = /** @type {HTMLInputElement} */ (h("input", { name: "max_players", type: "number", min: 2, max: 200, value: 16, required: true }));
  // A round robin is played two at a table, its rounds decided by its players.
  const formatChanged = () => {
    const rr = format.value === "round_robin";
    if (rr) size.value = "2";
    size.disabled = rr;
    rounds.hidden = rr;
    /** @type {HTMLInputElement} */ (rounds.querySelector("input")).disabled = rr;
    note.hidden = !rr;
    max.max = rr ? "10" : "200";
  };
  format.addEventListener("change", formatChanged);
  const form = h(
    "form",
    { class: "create tournament-form", "aria-labelledby": "create-tournament-title" },
    h("h2", { id: "create-tournament-title" }, t.tour.create),
    h(
      "div",
      { class: "fields" },
      field(t.tour.name, h("input", { name: "name", type: "text", maxlength: 80, required: true, autocomplete: "off" }), "wide"),
      field(t.tour.format, format),
      field(t.tour.tableSizeLabel, size),
      rounds,
      field(t.tour.clock, h("select", { name: "clock" }, CLOCKS.map(([key, seconds]) => h("option", { value: seconds, selected: key === "days3" }, t.clocks[key])))),
      field(t.tour.minPlayers, min),
      field(t.tour.maxPlayers, max),
      field(t.tour.startsAtLabel, h("input", { name: "starts_at", type: "datetime-local" }), "wide"),
      h("label", { class: "check" }, h("input", { name: "rated", type: "checkbox", checked: true }), ` ${t.tour.rated}`),
      h("label", { class: "check" }, h("input", { name: "bots_allowed", type: "checkbox" }), ` ${t.tour.botsAllowed}`),
    ),
    note,
    h("button", { type: "submit", class: "primary", "aria-describedby": "tournament-problem" }, t.tour.createButton),
    problem,
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    problem.textContent = "";
    const data = new FormData(/** @type {HTMLFormElement} */ (form));
    const rr = format.value === "round_robin";
    const starts = String(data.get("starts_at") ?? "");
    /** @type {TournamentRequest} */
    const body = {
      name: String(data.get("name") ?? ""),
      format: rr ? "round_robin" : "swiss",
      table_size: rr ? 2 : Number(size.value),
      turn_time_limit_s: Number(data.get("clock")),
      rated: data.get("rated") !== null,
      bots_allowed: data.get("bots_allowed") !== null,
      min_players: Number(min.value),
      max_players: Number(max.value),
      // The field is local time: sent as the instant it names.
      starts_at: starts === "" ? null : new Date(starts).toISOString(),
      ...(rr ? {} : { rounds: Number(data.get("rounds")) }),
    };
    const send = /** @type {HTMLButtonElement} */ (form.querySelector("button[type=submit]"));
    send.disabled = true;
    try {
      const made = /** @type {Tournament} */ (await call("POST", "/v1/tournaments", { body }));
      location.hash = tournamentHref(made.id);
    } catch (e) {
      showProblem(problem, e);
    } finally {
      send.disabled = false;
    }
  });
  return form;
}

/**
 * `#/tournament/<id>`.
 * @param {HTMLElement} main
 * @param {string} id
 */
export async function showTournament(main, id) {
  document.title = t.pageTitle(t.tour.title);
  if (!TOURNAMENT_ID.test(id)) {
    notFound(main);
    return;
  }
  replace(main, h("p", { class: "loading" }, t.loading));
  /** @type {Tournament} */
  let tour;
  try {
    tour = /** @type {Tournament} */ (await call("GET", `/v1/tournaments/${id}`, { auth: session() !== null }));
  } catch (e) {
    if (e instanceof ApiError && e.code === "tournament_not_found") notFound(main);
    else replace(main, h("h1", {}, t.tour.title), h("p", { class: "form-error", role: "alert" }, problemText(e)));
    return;
  }
  draw(main, tour);
  void follow(main, tour);
}

/** How often an open or running tournament's page is read again. */
const REFRESH_MS = 15_000;
/** Which showing of a tournament's page is the latest: an older one stops following. */
let showing = 0;

/**
 * What of a tournament moves while its page is open: its state, the caller's game, the rounds'
 * games and results, the registrations.
 * @param {Tournament} tour
 */
function moves(tour) {
  return JSON.stringify([tour.status, tour.round, tour.me, tour.pairings, tour.players.map((p) => [p.username, p.points, p.withdrawn])]);
}

/**
 * Reads the tournament again while its page is shown and it can still move, and draws it again
 * when something moved (a round paired, a game ended, someone joined).
 * @param {HTMLElement} main
 * @param {Tournament} tour
 */
async function follow(main, tour) {
  const here = location.hash;
  const mine = ++showing;
  let last = moves(tour);
  for (;;) {
    await new Promise((r) => setTimeout(r, REFRESH_MS));
    if (location.hash !== here || showing !== mine) return;
    if (document.hidden) continue;
    try {
      const now = /** @type {Tournament} */ (await call("GET", `/v1/tournaments/${tour.id}`, { auth: session() !== null }));
      if (location.hash !== here || showing !== mine) return;
      const seen = moves(now);
      if (seen !== last) {
        last = seen;
        draw(main, now);
      }
      if (now.status === "finished" || now.status === "cancelled") return;
    } catch {
      // Read again at the next turn.
    }
  }
}

/** @param {HTMLElement} main */
function notFound(main) {
  replace(
    main,
    h("h1", {}, t.tour.title),
    h("p", { class: "form-error", role: "alert", "data-code": "tournament_not_found" }, t.tour.notFound),
    h("p", {}, h("a", { href: "#/tournaments", class: "button" }, t.tour.title)),
  );
}

/**
 * The page of `tour`, drawn again from the answer of each action.
 * @param {HTMLElement} main
 * @param {Tournament} tour
 */
function draw(main, tour) {
  document.title = t.pageTitle(tour.name);
  const me = tour.me ?? null;
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset["action"] : undefined;
  replace(
    main,
    h(
      "section",
      { class: "card-form tournament", "aria-labelledby": "tournament-title", "data-status": tour.status },
      h("h1", { id: "tournament-title" }, tour.name),
      h("p", { class: "notice tournament-status" }, statusName(tour.status), tour.status === "running" ? ` · ${t.tour.roundOf(tour.round, tour.rounds)}` : ""),
      actions(main, tour, me),
      facts(tour),
    ),
    standings(tour),
    rounds(tour),
    h("p", {}, h("a", { href: "#/tournaments", class: "button" }, t.tour.title)),
  );
  if (focused) /** @type {HTMLElement | null} */ (main.querySelector(`[data-action="${focused}"]`))?.focus();
}

/**
 * What the caller may do, and where their game is.
 * @param {HTMLElement} main
 * @param {Tournament} tour
 * @param {TournamentMe | null} me
 */
function actions(main, tour, me) {
  const problem = h("p", { class: "form-error", role: "alert", id: "tournament-action-problem" });
  /**
   * @param {string} action
   * @param {string} label
   * @param {string} [cls]
   */
  const button = (action, label, cls) =>
    h(
      "button",
      {
        type: "button",
        class: cls ?? "",
        "data-action": action,
        "aria-describedby": "tournament-action-problem",
        onclick: async (/** @type {Event} */ ev) => {
          const b = /** @type {HTMLButtonElement} */ (ev.currentTarget);
          problem.textContent = "";
          b.disabled = true;
          try {
            draw(main, /** @type {Tournament} */ (await call("POST", `/v1/tournaments/${tour.id}/${action}`)));
          } catch (e) {
            b.disabled = false;
            showProblem(problem, e);
          }
        },
      },
      label,
    );
  const open = tour.status === "open";
  const live = open || tour.status === "running";
  /** @type {(Node | string | null)[]} */
  const said = [];
  if (me?.game_id) said.push(h("p", {}, h("a", { href: `#/game/${me.game_id}`, class: "button primary your-game" }, t.tour.yourGame)));
  else if (me?.joined && !me.withdrawn && tour.status === "running" && tour.pairings.at(-1)?.byes.includes(session()?.username ?? "")) said.push(h("p", {}, t.tour.yourBye));
  if (me?.joined && !me.withdrawn) said.push(h("p", { class: "joined" }, t.tour.joined));
  if (me?.withdrawn) said.push(h("p", { class: "withdrawn" }, t.tour.withdrawn));
  const buttons = [
    session() !== null && open && !me?.joined ? button("join", t.tour.join, "primary") : null,
    me?.joined && !me.withdrawn && live ? button("withdraw", t.tour.withdraw) : null,
    me?.creator && open ? button("start", t.tour.start, "primary") : null,
    me?.creator && open ? button("cancel", t.tour.cancel, "danger") : null,
  ].filter((b) => b !== null);
  // `choices`: the buttons in a row that wraps, apart (the table's choices' style).
  return h("div", { class: "tournament-actions" }, said, buttons.length > 0 ? h("div", { class: "choices buttons" }, buttons) : null, problem);
}

/**
 * The settings in words.
 * @param {Tournament} tour
 */
function facts(tour) {
  /** @type {[string, Node | string][]} */
  const rows = [
    [t.tour.format, formatName(tour.format)],
    [t.tour.tableSizeLabel, num(tour.table_size)],
    [t.tour.roundsLabel, t.tour.roundsValue(tour.rounds)],
    [t.tour.clock, clockName(tour.turn_time_limit_s)],
    [t.tour.targetScore, num(tour.target_score)],
    [t.tour.ratedLabel, tour.rated ? t.tour.yes : t.tour.no],
    [t.tour.botsAllowed, tour.bots_allowed ? t.tour.yes : t.tour.no],
    [t.tour.playersLabel, `${t.tour.minMax(tour.min_players, tour.max_players)} · ${t.tour.playersOf(tour.players.length, tour.max_players)}`],
    [t.tour.starts, tour.started_at ? h("time", { datetime: tour.started_at }, dateTime(tour.started_at)) : tour.starts_at ? h("time", { datetime: tour.starts_at }, dateTime(tour.starts_at)) : t.tour.startsByCreator],
    [t.tour.createdBy, playerLink(tour.created_by)],
  ];
  return h(
    "section",
    { "aria-labelledby": "tournament-settings" },
    h("h2", { id: "tournament-settings" }, t.tour.settings),
    h("dl", { class: "facts" }, rows.map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v)))),
  );
}

/**
 * The standings, best first; on a phone the table scrolls in its own box.
 * @param {Tournament} tour
 */
function standings(tour) {
  return h(
    "section",
    { class: "games standings", "aria-labelledby": "standings-title" },
    h("h2", { id: "standings-title" }, t.tour.standings),
    tour.players.length === 0
      ? h("p", { class: "empty" }, t.tour.noPlayers)
      : h(
          "div",
          { class: "board", tabindex: 0, role: "region", "aria-label": t.tour.standings },
          h(
            "table",
            { class: "leaderboard standings-table", "aria-labelledby": "standings-title" },
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                h("th", { scope: "col" }, t.tour.rank),
                h("th", { scope: "col" }, t.tour.player),
                h("th", { scope: "col", class: "num" }, t.tour.points),
                h("th", { scope: "col", class: "num" }, h("abbr", { title: t.tour.buchholz }, t.tour.buchholzShort)),
                h("th", { scope: "col", class: "num" }, h("abbr", { title: t.tour.gameScore }, t.tour.gameScoreShort)),
                h("th", { scope: "col", class: "num" }, t.tour.byes),
              ),
            ),
            h(
              "tbody",
              {},
              tour.players.map((p) =>
                h(
                  "tr",
                  { "data-player": p.username, ...(p.withdrawn ? { "data-withdrawn": "" } : {}) },
                  h("td", {}, num(p.rank)),
                  // Names unbroken: on a phone the table scrolls in its box rather than cut them.
                  h(
                    "td",
                    { nowrap: true },
                    playerLink(p.username),
                    p.bot_account ? h("span", { class: "pill bot" }, t.profiles.botBadge) : null,
                    p.withdrawn ? h("span", { class: "pill resigned" }, t.tour.withdrawnMark) : null,
                  ),
                  h("td", { class: "num", "data-points": p.points }, num(p.points)),
                  h("td", { class: "num" }, num(p.buchholz)),
                  h("td", { class: "num" }, num(p.game_score)),
                  h("td", { class: "num" }, num(p.byes)),
                ),
              ),
            ),
          ),
        ),
    h("p", {}, h("a", { href: `/v1/tournaments/${tour.id}/standings.csv`, download: `standings-${tour.id}.csv`, class: "button csv" }, t.tour.csv)),
  );
}

/**
 * Every round, the latest first: its tables (players, results once a game ends, a link to
 * each game) and its byes.
 * @param {Tournament} tour
 */
function rounds(tour) {
  return h(
    "section",
    { class: "games rounds", "aria-labelledby": "rounds-title" },
    h("h2", { id: "rounds-title" }, t.tour.roundsTitle),
    tour.pairings.length === 0
      ? h("p", { class: "empty" }, t.tour.noRounds)
      : [...tour.pairings].reverse().map((r) =>
          h(
            "section",
            { class: "round", "data-round": r.round, "aria-labelledby": `round-${r.round}` },
            h("h3", { id: `round-${r.round}` }, t.tour.round(r.round)),
            h(
              "ul",
              { class: "round-tables" },
              r.tables.map((table) =>
                h(
                  "li",
                  { class: "round-table", "data-table": table.table, "data-game": table.game_id },
                  h("strong", {}, t.tour.table(table.table)),
                  " ",
                  table.status === "finished" ? null : h("span", { class: "pill turn" }, t.tour.inPlay),
                  h(
                    "ul",
                    { class: "table-players" },
                    table.players.map((p) =>
                      h(
                        "li",
                        {},
                        playerLink(p.username),
                        p.place !== null && p.points !== null && p.score !== null ? h("span", { class: "meta" }, ` — ${t.tour.result(p.place, p.points, p.score)}`) : null,
                      ),
                    ),
                  ),
                  h("a", { href: `#/game/${table.game_id}`, class: "button" }, t.tour.openGame(table.table)),
                ),
              ),
            ),
            r.byes.length > 0 ? h("p", { class: "byes" }, t.tour.byesLine(list(r.byes))) : null,
          ),
        ),
  );
}

/**
 * A player's tournaments, for their profile: each links to its page.
 * @param {string} username
 */
export function tournamentList(username) {
  const body = h("div", {}, h("p", { class: "loading" }, t.loading));
  const section = h("section", { class: "player-tournaments", "aria-labelledby": "player-tournaments-title" }, h("h2", { id: "player-tournaments-title" }, t.tour.profileTitle), body);
  void (async () => {
    try {
      const page = /** @type {TournamentPage} */ (await call("GET", `/v1/tournaments?player=${encodeURIComponent(username)}&limit=20`, { auth: session() !== null }));
      replace(
        body,
        page.tournaments.length === 0
          ? h("p", { class: "empty" }, t.tour.profileNone)
          : h("ul", { class: "tournaments" }, page.tournaments.map((s) => h("li", { class: "tournament-row", "data-id": s.id }, h("a", { href: tournamentHref(s.id), class: "more-link" }, s.name), h("span", { class: "meta" }, ` · ${statusName(s.status)}`)))),
      );
    } catch (e) {
      replace(body, h("p", { class: "form-error", role: "alert" }, problemText(e)));
    }
  })();
  return section;
}

// Players as everyone sees them: the profile page (#/player/<username>: the profile, the rating
// chart, the archive of finished games with its pages, and, signed in, "Challenge" from
// challenge.js, and the player's tournaments from tournaments.js) and the leaderboard
// (#/leaderboard), and `playerLink`, which every username the client shows goes through.
// Otherwise read-only: what the server answers is shown as it is.

import { ApiError, call, session } from "./api.js";
import { challengeable, challengeForm } from "./challenge.js";
import { h, replace } from "./dom.js";
import { dateTime, num } from "./format.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Profile} Profile */
/** @typedef {import("./types.js").PlayerGamesPage} PlayerGamesPage */
/** @typedef {import("./types.js").ArchivedGame} ArchivedGame */
/** @typedef {import("./types.js").RatingHistory} RatingHistory */
/** @typedef {import("./types.js").RatingHistoryEntry} RatingHistoryEntry */
/** @typedef {import("./types.js").LeaderboardPage} LeaderboardPage */
/** @typedef {import("./types.js").RatingSummary} RatingSummary */

const SVG = "http://www.w3.org/2000/svg";
/** Archive and leaderboard page size. */
const PAGE = 10;

/**
 * The address of a player's profile.
 * @param {string} username
 */
export function playerHref(username) {
  return `#/player/${encodeURIComponent(username)}`;
}

/**
 * A link to a player's profile, showing `label` (the username by default).
 * @param {string} username
 * @param {string} [label]
 */
export function playerLink(username, label) {
  return h("a", { href: playerHref(username), class: "player-link" }, label ?? username);
}

/**
 * The profile a seat links to: its account, or a bot's level (the bot's rated profile).
 * @param {{username: string, bot?: string | null}} seat
 */
export function seatProfile(seat) {
  return seat.bot ? seat.bot : seat.username;
}

/** Stands for the name in a sentence, where its link goes (any language's word order). */
const NAME = "\u{E000}";

/**
 * A sentence about a player with the name in it as a link: `sentence` writes it around the name
 * it is given.
 * @param {(name: string) => string} sentence
 * @param {string} username the profile
 * @param {string} label the name as shown
 * @returns {(Node | string)[]}
 */
export function linkedSentence(sentence, username, label) {
  return sentence(NAME)
    .split(NAME)
    .flatMap((part, i) => (i === 0 ? [part] : [playerLink(username, label), part]));
}

/**
 * A bot level's name as the client says it.
 * @param {string} level
 */
function botLevel(level) {
  return level === "random" || level === "greedy" || level === "mcts" ? t.botLevels[level] : level;
}

/** @param {RatingSummary} r */
function ratingText(r) {
  return r.provisional ? t.profiles.provisionalRating(r.rating) : num(r.rating);
}

/**
 * `#/player/<username>`.
 * @param {HTMLElement} main
 * @param {string} username
 */
export async function showPlayer(main, username) {
  document.title = t.pageTitle(username);
  replace(main, h("p", { class: "loading" }, t.loading));
  const name = encodeURIComponent(username);
  /** @type {Profile} */
  let profile;
  /** @type {RatingHistory} */
  let history;
  try {
    [profile, history] = await Promise.all([
      /** @type {Promise<Profile>} */ (call("GET", `/v1/players/${name}`)),
      /** @type {Promise<RatingHistory>} */ (call("GET", `/v1/players/${name}/rating-history`)),
    ]);
  } catch (e) {
    const gone = e instanceof ApiError && e.code === "player_not_found";
    replace(
      main,
      h("h1", {}, username),
      h("p", { class: "form-error", role: "alert", "data-code": e instanceof ApiError ? e.code : "" }, gone ? t.profiles.notFound : String(e instanceof Error ? e.message : e)),
      h("p", {}, h("a", { href: "#/leaderboard", class: "button" }, t.profiles.leaderboard)),
    );
    return;
  }
  document.title = t.pageTitle(profile.username);
  const r = profile.rating;
  const archive = h("section", { class: "archive", "aria-labelledby": "archive-title" });
  // Loaded with its module, beside the archive: the profile does not wait for it.
  const tournaments = h("div", { class: "profile-tournaments" });
  void import("./tournaments.js").then((m) => replace(tournaments, m.tournamentList(profile.username)));
  replace(
    main,
    h(
      "section",
      { class: "profile", "aria-labelledby": "profile-title" },
      h("h1", { id: "profile-title" }, profile.username, profile.bot ? h("span", { class: "pill bot" }, t.profiles.botBadge) : null),
      h(
        "dl",
        { class: "profile-facts" },
        h("dt", {}, t.profiles.rating),
        h("dd", { "data-rating": r.rating }, ratingText(r)),
        h("dt", {}, t.profiles.ratedGames),
        h("dd", {}, num(r.games)),
        h("dt", {}, t.profiles.played),
        h("dd", { "data-played": profile.games_played }, num(profile.games_played)),
        h("dt", {}, t.profiles.won),
        h("dd", { "data-won": profile.games_won }, num(profile.games_won)),
        h("dt", {}, t.profiles.joined),
        h("dd", {}, h("time", { datetime: profile.joined_at }, dateTime(profile.joined_at))),
      ),
      challengeable(profile.username, session()?.username ?? "") ? challengeForm(profile.username) : null,
    ),
    h(
      "section",
      { class: "rating-history", "aria-labelledby": "chart-title" },
      h("h2", { id: "chart-title" }, t.profiles.chartTitle),
      history.entries.length === 0 ? h("p", { class: "empty" }, t.profiles.noRatedGames) : chart(history.entries),
    ),
    archive,
    tournaments,
    h("p", {}, h("a", { href: "#/leaderboard", class: "button" }, t.profiles.leaderboard)),
  );
  await archivePage(archive, profile.username, null, 1);
}

/**
 * The rating after each rated game as one polyline, with the start (1500) as its first point.
 * @param {RatingHistoryEntry[]} entries
 */
function chart(entries) {
  const points = [1500, ...entries.map((e) => e.rating)];
  // Small enough that its labels stay readable on a phone, where it is drawn about 330 px wide.
  const [w, hgt] = [420, 220];
  const pad = { left: 46, right: 10, top: 12, bottom: 32 };
  let lo = Math.min(...points);
  let hi = Math.max(...points);
  if (hi - lo < 40) {
    lo -= 20;
    hi += 20;
  }
  const x = (/** @type {number} */ i) => pad.left + (i * (w - pad.left - pad.right)) / Math.max(1, points.length - 1);
  const y = (/** @type {number} */ v) => pad.top + ((hi - v) * (hgt - pad.top - pad.bottom)) / (hi - lo);
  /**
   * @param {string} tag
   * @param {Record<string, string | number>} attrs
   * @param {string} [text]
   */
  const el = (tag, attrs, text) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const last = points[points.length - 1] ?? 1500;
  const svg = el("svg", {
    viewBox: `0 0 ${w} ${hgt}`,
    class: "rating-chart",
    role: "img",
    "aria-label": t.profiles.chartLabel(entries.length, last),
  });
  const bottom = hgt - pad.bottom;
  svg.append(
    el("line", { x1: pad.left, y1: pad.top, x2: pad.left, y2: bottom, class: "axis" }),
    el("line", { x1: pad.left, y1: bottom, x2: w - pad.right, y2: bottom, class: "axis" }),
    el("text", { x: pad.left - 6, y: y(hi) + 4, "text-anchor": "end", class: "tick" }, num(Math.round(hi))),
    el("text", { x: pad.left - 6, y: y(lo) + 4, "text-anchor": "end", class: "tick" }, num(Math.round(lo))),
    el("text", { x: pad.left, y: hgt - 8, "text-anchor": "start", class: "tick" }, t.profiles.chartStart),
    el("text", { x: w - pad.right, y: hgt - 8, "text-anchor": "end", class: "tick" }, t.profiles.chartGames(entries.length)),
    el("polyline", {
      points: points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
      class: "line",
      fill: "none",
    }),
  );
  return svg;
}

/**
 * One page of the archive into `section`, with the link to the next.
 * @param {HTMLElement} section
 * @param {string} username
 * @param {string | null} cursor
 * @param {number} number the page's number, from 1
 */
async function archivePage(section, username, cursor, number) {
  const query = `?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
  /** @type {PlayerGamesPage} */
  let page;
  try {
    page = /** @type {PlayerGamesPage} */ (await call("GET", `/v1/players/${encodeURIComponent(username)}/games${query}`));
  } catch (e) {
    replace(section, h("h2", { id: "archive-title" }, t.profiles.archive), h("p", { class: "form-error", role: "alert" }, e instanceof Error ? e.message : String(e)));
    return;
  }
  const me = session()?.username.toLowerCase() ?? "";
  replace(
    section,
    h("h2", { id: "archive-title" }, t.profiles.archive),
    page.games.length === 0
      ? h("p", { class: "empty" }, number === 1 ? t.profiles.noGames : t.profiles.noMoreGames)
      : h("ul", { class: "archive-list" }, page.games.map((g) => archiveRow(g, username, me))),
    h(
      "p",
      { class: "pager" },
      number > 1
        ? h("button", { type: "button", onclick: () => archivePage(section, username, null, 1) }, t.profiles.firstPage)
        : null,
      page.next_cursor
        ? h(
            "button",
            { type: "button", class: "primary", onclick: () => archivePage(section, username, page.next_cursor ?? null, number + 1) },
            t.profiles.olderGames,
          )
        : null,
    ),
  );
}

/**
 * @param {ArchivedGame} g
 * @param {string} username the profile's
 * @param {string} me the signed-in username, lower case
 */
function archiveRow(g, username, me) {
  const lower = username.toLowerCase();
  // A bot's seat shows its level, which is its profile's name.
  const mine = g.seats.find((s) => s.username.toLowerCase() === lower);
  const won = mine !== undefined && g.winners.includes(mine.seat);
  const change = mine?.rating_change ?? null;
  return h(
    "li",
    { class: "archive-game", "data-game": g.id, "data-result": won ? "won" : "lost" },
    h("span", { class: `state ${won ? "state-won" : "state-lost"}` }, won ? t.profiles.won1 : t.profiles.lost1),
    h(
      "span",
      { class: "who" },
      g.seats.flatMap((s, i) => {
        const name = s.bot ? t.seatBot(botLevel(s.username)) : s.username;
        const label = s.username.toLowerCase() === me && !s.bot ? t.you(name) : name;
        const score = s.score ?? null;
        return [i > 0 ? ", " : null, playerLink(s.username, label), score === null ? null : t.profiles.points(score)];
      }),
    ),
    h(
      "span",
      { class: "what" },
      g.visibility === "private" ? `${t.profiles.private} · ` : "",
      g.rated ? (change === null ? t.profiles.rated : t.profiles.ratingChange(change)) : t.profiles.unrated,
    ),
    h("time", { class: "when", datetime: g.finished_at }, dateTime(g.finished_at)),
    h("a", { href: `#/game/${g.id}`, class: "button" }, t.profiles.seeGame, h("span", { class: "sr" }, ` ${g.id.slice(0, 8)}`)),
  );
}

/**
 * `#/leaderboard`: a page at a time.
 * @param {HTMLElement} main
 */
export async function showLeaderboard(main) {
  document.title = t.pageTitle(t.profiles.leaderboard);
  const body = h("div", { class: "board" });
  replace(main, h("h1", { id: "board-title" }, t.profiles.leaderboard), h("p", { class: "hint" }, t.profiles.boardHint), body);
  await boardPage(body, null, 1);
}

/**
 * @param {HTMLElement} body
 * @param {string | null} cursor
 * @param {number} number
 */
async function boardPage(body, cursor, number) {
  /** @type {LeaderboardPage} */
  let page;
  try {
    page = /** @type {LeaderboardPage} */ (
      await call("GET", `/v1/leaderboard?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`)
    );
  } catch (e) {
    replace(body, h("p", { class: "form-error", role: "alert" }, e instanceof Error ? e.message : String(e)));
    return;
  }
  replace(
    body,
    page.players.length === 0
      ? h("p", { class: "empty" }, t.profiles.boardEmpty)
      : h(
          "table",
          { class: "leaderboard", "aria-labelledby": "board-title" },
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t.profiles.rank), h("th", { scope: "col" }, t.profiles.player), h("th", { scope: "col", class: "num" }, t.profiles.rating), h("th", { scope: "col", class: "num" }, t.profiles.ratedGames))),
          h(
            "tbody",
            {},
            page.players.map((p) =>
              h(
                "tr",
                { "data-player": p.username },
                h("td", {}, num(p.rank)),
                h("td", {}, playerLink(p.username), p.bot ? h("span", { class: "pill bot" }, t.profiles.botBadge) : null),
                h("td", { class: "num" }, num(p.rating.rating)),
                h("td", { class: "num" }, num(p.rating.games)),
              ),
            ),
          ),
        ),
    h(
      "p",
      { class: "pager" },
      number > 1 ? h("button", { type: "button", onclick: () => boardPage(body, null, 1) }, t.profiles.firstPage) : null,
      page.next_cursor
        ? h("button", { type: "button", class: "primary", onclick: () => boardPage(body, page.next_cursor ?? null, number + 1) }, t.profiles.nextPage)
        : null,
    ),
  );
}

// Plays a whole two-player game against a running server with the generated client only:
// two accounts sign up, one creates the game and the other joins; each player then acts from
// `legal-actions` whenever the game awaits them and long-polls otherwise; the first player
// refreshes their token once mid-game; at the end both read the finished game's events and
// check them with an exhaustive switch over the event types.
//
//   LORDS_URL=http://127.0.0.1:8080 node clients/typescript/dist/play.js
import { api, codeOf, type Action, type Event, type GameDto } from "./api.js";

const baseUrl = process.env["LORDS_URL"] ?? "http://127.0.0.1:8080";
const client = api(baseUrl);

/** The first player refreshes their token after this many of their actions. */
const REFRESH_AFTER = 5;
/** No game of two players needs this many decisions; more means the loop is stuck. */
const MAX_STEPS = 5000;

function fail(message: string): never {
  throw new Error(message);
}

interface Session {
  username: string;
  accessToken: string;
  refreshToken: string;
}

function authorization(s: Session): { Authorization: string } {
  return { Authorization: `Bearer ${s.accessToken}` };
}

async function signUp(username: string): Promise<Session> {
  const password = "bannockburn1314";
  const created = await client.POST("/v1/accounts", { body: { username, password } });
  if (created.data === undefined) {
    fail(`sign-up of ${username}: ${codeOf(created.error, created.response)}`);
  }
  const token = await client.POST("/v1/auth/token", { body: { username, password } });
  if (token.data === undefined) {
    fail(`token of ${username}: ${codeOf(token.error, token.response)}`);
  }
  if (token.data.token_type !== "Bearer") {
    fail(`token type ${token.data.token_type}`);
  }
  return {
    username,
    accessToken: token.data.access_token,
    refreshToken: token.data.refresh_token,
  };
}

/**
 * `POST /v1/auth/refresh {refresh_token}` → a new access token and a new (rotated) refresh token;
 * the old refresh token is retired.
 */
async function refresh(s: Session): Promise<void> {
  const res = await client.POST("/v1/auth/refresh", {
    body: { refresh_token: s.refreshToken },
  });
  if (res.data === undefined) {
    fail(`refresh: ${codeOf(res.error, res.response)}`);
  }
  if (res.data.refresh_token === s.refreshToken) {
    fail("refresh: the refresh token was not rotated");
  }
  s.accessToken = res.data.access_token;
  s.refreshToken = res.data.refresh_token;
  const me = await client.GET("/v1/me", { headers: authorization(s) });
  if (me.data?.username !== s.username) {
    fail(`the refreshed token is not ${s.username}'s`);
  }
}

/** The game now (`after` null), or a long poll until the version passes `after`. */
async function look(s: Session, id: string, after: number | null): Promise<GameDto> {
  const query = after === null ? {} : { after_version: after, wait: 30 };
  const r = await client.GET("/v1/games/{id}", {
    params: { path: { id }, query },
    headers: authorization(s),
  });
  if (r.data === undefined) {
    fail(`view of ${id} for ${s.username}: ${codeOf(r.error, r.response)}`);
  }
  return r.data;
}

/** A small seeded generator, so a run can be repeated. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Tally {
  actions: number;
  polls: number;
  refreshed: boolean;
}

/** One player's loop: act when awaited, long-poll otherwise, until the game is finished. */
async function play(s: Session, id: string, seat: number, seed: number): Promise<Tally> {
  const random = generator(seed);
  const tally: Tally = { actions: 0, polls: 0, refreshed: false };
  let game = await look(s, id, null);
  for (let step = 0; step < MAX_STEPS; step++) {
    const view = game.view;
    if (view !== null && view.status === "finished") {
      return tally;
    }
    if (view === null || view.awaiting === null || view.awaiting.seat !== seat) {
      game = await look(s, id, game.version);
      tally.polls++;
      continue;
    }
    const legal = await client.GET("/v1/games/{id}/legal-actions", {
      params: { path: { id } },
      headers: authorization(s),
    });
    if (legal.data === undefined) {
      fail(`legal actions: ${codeOf(legal.error, legal.response)}`);
    }
    const action: Action | undefined =
      legal.data.actions[Math.floor(random() * legal.data.actions.length)];
    if (action === undefined) {
      fail(`seat ${seat} is awaited (${view.awaiting.decision.kind}) but has no legal action`);
    }
    const acted = await client.POST("/v1/games/{id}/actions", {
      params: { path: { id }, header: { "If-Match": `"${legal.data.version}"` } },
      body: action,
      headers: authorization(s),
    });
    if (acted.data === undefined) {
      fail(`${action.type} by seat ${seat}: ${codeOf(acted.error, acted.response)}`);
    }
    tally.actions++;
    if (seat === 0 && tally.actions === REFRESH_AFTER) {
      await refresh(s);
      tally.refreshed = true;
    }
    game = await look(s, id, null);
  }
  fail(`seat ${seat}: the game did not end in ${MAX_STEPS} steps`);
}

function unreachable(event: never): never {
  throw new Error(`an event type this client does not know: ${JSON.stringify(event)}`);
}

/** One line per event; the switch fails to compile when the document gains an event type. */
function describe(e: Event): string {
  switch (e.type) {
    case "game_started":
      return `game started: ${e.options.players} players, target ${e.options.target_score}, seat ${e.initiative} has the initiative`;
    case "deck_shuffled":
      return `deck of ${e.size} shuffled (order ${e.order === null ? "hidden" : "revealed"})`;
    case "hand_dealt":
      return `seat ${e.seat} dealt ${e.count} cards`;
    case "skirmish_started":
      return `skirmish ${e.skirmish}, initiative seat ${e.initiative}`;
    case "recruit_dealt":
      return `recruit slot ${e.slot} dealt ${e.face_up ? "face-up" : "face-down"}`;
    case "supporter_dealt":
      return `supporter ${e.card} dealt`;
    case "supporters_discarded":
      return `supporter row of one strength discarded (${e.cards.length} cards)`;
    case "turn_started":
      return `turn ${e.turn}, seat ${e.seat} first`;
    case "recruit_revealed":
      return `recruit ${e.card} revealed in slot ${e.slot}`;
    case "recruited":
      return `seat ${e.seat} recruited from slot ${e.slot}`;
    case "mustered":
      return `seat ${e.seat} mustered ${e.card ?? "a card"} ${e.face_up ? "face-up" : "face-down"}${e.use_power ? " using its power" : ""}`;
    case "passed":
      return `seat ${e.seat} passed`;
    case "power_activated":
      return `seat ${e.seat}: ${e.clan} power active at position ${e.position}`;
    case "card_drawn":
      return `seat ${e.seat} drew a card`;
    case "power_copied":
      return `seat ${e.seat}: Scott copied ${e.clan}`;
    case "decision_requested":
      return `seat ${e.seat} must decide: ${e.decision.kind}`;
    case "supporter_swapped":
      return `seat ${e.seat}: Cockburn ${e.given} swapped with supporter ${e.supporter}`;
    case "followers_swapped":
      return `seat ${e.seat}: Fergusson ${e.given} swapped with seat ${e.target.seat}'s follower`;
    case "follower_discarded":
      return `seat ${e.seat}: Wemyss discarded ${e.card}`;
    case "followers_revealed":
      return `${e.followers.length} followers revealed`;
    case "armies_scored":
      return `armies scored: ${e.armies.map((a) => `seat ${a.seat} ${a.strength}${a.doubled ? " (doubled)" : ""}`).join(", ")}`;
    case "supporter_claimed":
      return `seat ${e.seat} claimed supporter ${e.card}`;
    case "skirmish_ended":
      return `skirmish ${e.skirmish} ended`;
    case "game_ended":
      return `game over: scores ${e.scores.join("/")}, winners ${e.winners.join(", ")}`;
    case "seat_resigned":
      return `seat ${e.seat} resigned`;
    case "decision_timed_out":
      return `seat ${e.seat} timed out (${e.consecutive} in a row)`;
    case "seat_abandoned":
      return `seat ${e.seat} abandoned`;
    case "bot_acted":
      return `a ${e.level} bot plays for seat ${e.seat}:`;
    case "timeouts_cleared":
      return `seat ${e.seat} is back`;
    case "seat_away":
      return `seat ${e.seat} is on vacation until ${new Date(e.until_ms).toISOString()}`;
    case "seat_back":
      return `seat ${e.seat} is back from vacation`;
    default:
      return unreachable(e);
  }
}

/** Every event of the finished game, page by page. */
async function history(s: Session, id: string, version: number): Promise<string[]> {
  const lines: string[] = [];
  let after = 0;
  let ended = 0;
  for (;;) {
    const page = await client.GET("/v1/games/{id}/events", {
      params: { path: { id }, query: { after, limit: 100 } },
      headers: authorization(s),
    });
    if (page.data === undefined) {
      fail(`events: ${codeOf(page.error, page.response)}`);
    }
    if (!page.data.complete) {
      fail("the events of a finished game are not complete");
    }
    for (const e of page.data.events) {
      if (e.hash === null || e.prev_hash === null || e.recorded_at === null) {
        fail(`event ${e.seq} of a finished game has no hash chain`);
      }
      if (e.event.type === "deck_shuffled" && (e.event.order === null || e.event.salt === null)) {
        fail(`shuffle ${e.seq} not revealed after the end`);
      }
      if (e.event.type === "game_ended") {
        ended++;
      }
      lines.push(`${e.seq}: ${describe(e.event)}`);
    }
    if (page.data.next_after === null) {
      break;
    }
    after = page.data.next_after;
  }
  if (lines.length !== version) {
    fail(`${lines.length} events read, the game is at version ${version}`);
  }
  if (ended !== 1) {
    fail(`${ended} game_ended events`);
  }
  return lines;
}

async function main(): Promise<void> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const alice = await signUp(`ts_a_${suffix}`);
  const bob = await signUp(`ts_b_${suffix}`);

  const created = await client.POST("/v1/games", {
    body: { players: 2 },
    headers: authorization(alice),
  });
  if (created.data === undefined) {
    fail(`create: ${codeOf(created.error, created.response)}`);
  }
  const id = created.data.id;
  if (created.data.status !== "open") {
    fail(`a new game is ${created.data.status}`);
  }
  const joined = await client.POST("/v1/games/{id}/join", {
    params: { path: { id } },
    headers: authorization(bob),
  });
  if (joined.data === undefined) {
    fail(`join: ${codeOf(joined.error, joined.response)}`);
  }
  if (joined.data.status !== "active") {
    fail(`a full game is ${joined.data.status}`);
  }
  const seatOf = (s: Session): number =>
    joined.data.seats.find((x) => x.username === s.username)?.seat ?? fail(`${s.username} not seated`);

  const [a, b] = await Promise.all([
    play(alice, id, seatOf(alice), 1),
    play(bob, id, seatOf(bob), 2),
  ]);

  const final = await look(alice, id, null);
  if (final.view === null || final.view.status !== "finished" || final.game.status !== "finished") {
    fail("the game is not finished");
  }
  const winners = final.view.winners ?? fail("a finished game without winners");
  if (JSON.stringify(winners) !== JSON.stringify(final.game.winners)) {
    fail("the view and the summary disagree on the winners");
  }
  const lines = await history(bob, id, final.version);
  for (const line of lines.slice(-4)) {
    console.log(line);
  }
  console.log(
    `game ${id} finished at version ${final.version}: winners ${winners.join(", ")}; ` +
      `actions ${a.actions}+${b.actions}, long polls ${a.polls}+${b.polls}, ` +
      `token refreshed: ${a.refreshed}, ${lines.length} events read`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

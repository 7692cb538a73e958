// Tournaments in a real browser (Debian's Chromium through playwright-core) against a real server
// (tests/it/web_tournaments.rs starts it with the tournament worker polled every 100 ms).
//
// For each language and screen (360×640 phone with touch, 1280×800 desktop), made here over HTTP:
// a host creates a Swiss tournament (2 per table, 3 rounds, 2 to 4 players, target score 10) and
// two accounts register; the host makes a second one, which one of them also joins. Then in the
// browser: a visitor who is not signed in reads the list from the header's "Tournaments" link; the
// host sees the first tournament under Open, the form refuses impossible settings in words and
// makes a tournament, and the host starts the first one from its page; a player sees "Your
// current game", the standings and round 1's table with its game, and reaches that game; the same
// player withdraws from the second tournament, which the server then no longer lists them in;
// their profile lists their tournaments. Points read "1.5" in English and "1,5" in French. Every
// screen fits the phone's width, its buttons and links are 44×44 px at least; axe-core finds no
// serious violation; screenshots `tournaments-list`, `tournament-open`, `tournament-running`.
//
//   node web/tests/tournaments.mjs http://127.0.0.1:8080
import { chromium } from "playwright-core";
import { account, api, axe, base, executablePath, fail, fitsWidth, shot, touchTargets } from "./harness.mjs";

const GAME = /#\/game\/([0-9a-f-]{36})$/;
const desk = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Texts by language, as a person reads them. */
const T = {
  en: {
    nav: "Tournaments",
    open: "Open",
    start: "Start now",
    running: "Being played",
    yourGame: "Your current game",
    standings: "Standings",
    round1: "Round 1",
    withdraw: "Withdraw",
    join: "Join",
    half: "1.5",
    swiss: "Swiss",
    profile: "Tournaments",
    create: "Create a tournament",
    name: "Name",
    format: "Format",
    rounds: "Rounds (3 to 11)",
    perTable: "Players per table",
    minPlayers: "Fewest players to start",
    maxPlayers: "Most players",
    createButton: "Create the tournament",
  },
  fr: {
    nav: "Tournois",
    open: "Inscriptions ouvertes",
    start: "Lancer maintenant",
    running: "En cours",
    yourGame: "Votre partie en cours",
    standings: "Classement",
    round1: "Ronde 1",
    withdraw: "Se retirer",
    join: "S'inscrire",
    half: "1,5",
    swiss: "Suisse",
    profile: "Tournois",
    create: "Créer un tournoi",
    name: "Nom",
    format: "Formule",
    rounds: "Rondes (3 à 11)",
    perTable: "Joueurs par table",
    minPlayers: "Joueurs au minimum pour débuter",
    maxPlayers: "Joueurs au maximum",
    createButton: "Créer le tournoi",
  },
};

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const errors = [];

/** A page in `l`, signed in as `who` (its session put where the client keeps it), or signed out. */
async function page(options, l, who) {
  const context = await browser.newContext({ ...options, locale: l === "fr" ? "fr-FR" : "en-GB" });
  if (who) {
    const kept = JSON.stringify({ username: who.username, access: who.access, refresh: who.refresh });
    await context.addInitScript((s) => localStorage.setItem("lords.session", s), kept);
  }
  const p = await context.newPage();
  p.on("pageerror", (e) => errors.push(String(e)));
  return p;
}

/** The phone's checks on the screen shown: nothing wider than it, big enough targets. */
async function phoneChecks(p, where) {
  await fitsWidth(p, where);
  if (p.viewportSize().width < 600) await touchTargets(p, where);
}

/** A new Swiss tournament of the host's, with `players` registered. */
async function tournament(host, name, players) {
  const made = await api(host.access, "POST", "/v1/tournaments", {
    name,
    format: "swiss",
    table_size: 2,
    rounds: 3,
    min_players: 2,
    max_players: 4,
    target_score: 10,
  });
  for (const p of players) await api(p.access, "POST", `/v1/tournaments/${made.id}/join`);
  return made;
}

try {
  let run = 0;
  for (const l of ["en", "fr"]) {
    const x = T[l];
    const suffix = l === "fr" ? "-fr" : "";

    // Signed out: the header leads to the public list.
    const visitor = await page(phone, l, null);
    await visitor.goto(`${base}/#/signin`);
    await visitor.locator("#nav").getByRole("link", { name: x.nav, exact: true }).click();
    await visitor.getByRole("heading", { name: x.nav, level: 1 }).waitFor();
    await visitor.getByRole("region", { name: x.open, exact: true }).waitFor();
    await visitor.context().close();
    console.log(`${l}: a visitor not signed in reads the list from the header`);

    // Numbers with halves, in the page's language.
    const numbers = await page(desk, l, null);
    await numbers.goto(`${base}/#/tournaments`);
    await numbers.getByRole("heading", { name: x.nav, level: 1 }).waitFor();
    const half = await numbers.evaluate(async () => (await import("/static/js/format.js")).num(1.5));
    if (half !== x.half) fail(`${l}: 1.5 points read « ${half} », not « ${x.half} »`);
    await numbers.context().close();
    console.log(`${l}: 1.5 points read « ${half} »`);

    for (const [size, options] of [["360x640", phone], ["1280x800", desk]]) {
      run += 1;
      const at = `${l} ${size}`;
      const host = await account(`th${run}`);
      const ailsa = await account(`ta${run}`);
      const bruce = await account(`tb${run}`);
      const winter = await tournament(host, `Winter Swiss ${run}`, [ailsa, bruce]);
      const spring = await tournament(host, `Spring Swiss ${run}`, [ailsa]);

      // The host finds it under Open, from the header.
      const hp = await page(options, l, host);
      await hp.goto(`${base}/#/`);
      await hp.locator("#nav").getByRole("link", { name: x.nav, exact: true }).click();
      const open = hp.getByRole("region", { name: x.open, exact: true });
      const link = open.getByRole("link", { name: winter.name, exact: true });
      await link.waitFor();
      const line = (await open.locator(`.tournament-row[data-id="${winter.id}"]`).textContent()) ?? "";
      if (!line.includes(x.swiss) || !line.includes("2/4")) fail(`${at}: the listed tournament reads « ${line} »`);
      await hp.getByRole("form", { name: x.create }).waitFor();
      await phoneChecks(hp, `the ${at} list of tournaments`);
      await shot(hp, `tournaments-list${suffix}`);
      if (size === "360x640") await axe(hp, `the ${l} list of tournaments`);
      console.log(`${at}: the tournament is listed under Open`);

      // The form: a round robin hides its rounds and seats two; a refusal is said in words;
      // a tournament made goes to its page.
      const form = hp.getByRole("form", { name: x.create });
      await form.getByLabel(x.name, { exact: true }).fill(`Autumn Swiss ${run}`);
      await form.getByLabel(x.format).selectOption("round_robin");
      await form.getByLabel(x.rounds).waitFor({ state: "hidden" });
      if ((await form.getByLabel(x.perTable).inputValue()) !== "2") fail(`${at}: a round robin is not set to 2 per table`);
      await form.getByLabel(x.format).selectOption("swiss");
      await form.getByLabel(x.minPlayers).fill("6");
      await form.getByLabel(x.maxPlayers).fill("4");
      await form.getByRole("button", { name: x.createButton }).click();
      const refusal = form.getByRole("alert");
      await refusal.filter({ hasText: /\S/ }).waitFor();
      if ((await refusal.getAttribute("data-code")) !== "invalid_tournament") fail(`${at}: the refusal's code is ${await refusal.getAttribute("data-code")}`);
      const said = (await refusal.textContent()) ?? "";
      await form.getByLabel(x.maxPlayers).fill("8");
      await form.getByRole("button", { name: x.createButton }).click();
      await hp.getByRole("heading", { name: `Autumn Swiss ${run}`, level: 1 }).waitFor();
      console.log(`${at}: the form refuses in words (« ${said} ») and makes a tournament`);
      await hp.goBack();
      await link.waitFor();

      // Its page: the host starts it.
      await link.click();
      await hp.getByRole("heading", { name: winter.name, level: 1 }).waitFor();
      const start = hp.getByRole("button", { name: x.start, exact: true });
      await start.waitFor();
      await phoneChecks(hp, `the ${at} page of an open tournament`);
      await shot(hp, `tournament-open${suffix}`);
      if (size === "360x640") await axe(hp, `the ${l} page of an open tournament`);
      await start.click();
      await hp.locator("section.tournament[data-status=running]").waitFor();
      await hp.locator(".tournament-status").filter({ hasText: x.running }).waitFor();
      console.log(`${at}: the host starts it from its page`);
      await hp.context().close();

      // A player: their game, the standings, round 1's table. The round's games are made by
      // the tournament worker: the page is read again until the game is there.
      const ap = await page(options, l, ailsa);
      const mine = ap.getByRole("link", { name: x.yourGame, exact: true });
      for (let tries = 0; ; tries++) {
        await ap.goto(`${base}/#/tournament/${winter.id}`);
        await ap.getByRole("heading", { name: winter.name, level: 1 }).waitFor();
        if ((await mine.count()) > 0) break;
        if (tries > 40) fail(`${at}: no current game shown to a player of a started tournament`);
        await ap.waitForTimeout(500);
        await ap.goto(`${base}/#/tournaments`);
        await ap.getByRole("heading", { name: x.nav, level: 1 }).waitFor();
      }
      const href = (await mine.getAttribute("href")) ?? "";
      const standings = ap.getByRole("table", { name: x.standings });
      for (const who of [ailsa, bruce]) {
        await standings.locator(`tr[data-player="${who.username}"]`).getByRole("link", { name: who.username }).waitFor();
      }
      const round = ap.getByRole("region", { name: x.round1, exact: true });
      const table = round.locator(".round-table").first();
      for (const who of [ailsa, bruce]) await table.getByRole("link", { name: who.username, exact: true }).waitFor();
      const gameHref = await table.locator(`a[href^="#/game/"]`).getAttribute("href");
      if (gameHref !== href) fail(`${at}: "${x.yourGame}" leads to ${href}, round 1's table to ${gameHref}`);
      const csv = await ap.locator(`a[href="/v1/tournaments/${winter.id}/standings.csv"]`).count();
      if (csv !== 1) fail(`${at}: no link to the standings as CSV`);
      await phoneChecks(ap, `the ${at} page of a running tournament`);
      await shot(ap, `tournament-running${suffix}`);
      if (size === "360x640") await axe(ap, `the ${l} page of a running tournament`);
      await mine.click();
      await ap.waitForURL(GAME);
      await ap.locator("section.table").waitFor();
      console.log(`${at}: a player sees their current game, the standings and round 1's table`);

      // The same player withdraws from the other, still open.
      await ap.goto(`${base}/#/tournament/${spring.id}`);
      await ap.getByRole("heading", { name: spring.name, level: 1 }).waitFor();
      await ap.getByRole("button", { name: x.withdraw, exact: true }).click();
      await ap.getByRole("button", { name: x.join, exact: true }).waitFor();
      const after = await api(ailsa.access, "GET", `/v1/tournaments/${spring.id}`);
      if (after.players.some((p) => p.username === ailsa.username)) fail(`${at}: the server still lists the player who withdrew`);
      await phoneChecks(ap, `the ${at} page after withdrawing`);
      console.log(`${at}: a player withdraws from an open tournament`);

      // Their profile lists their tournaments.
      await ap.goto(`${base}/#/player/${ailsa.username}`);
      const list = ap.getByRole("region", { name: x.profile, exact: true });
      await list.getByRole("link", { name: winter.name, exact: true }).waitFor();
      await phoneChecks(ap, `the ${at} profile with its tournaments`);
      console.log(`${at}: the profile lists the player's tournaments`);
      await ap.context().close();
    }
  }
  if (errors.length > 0) fail(`page errors:\n  ${errors.join("\n  ")}`);
  console.log("tournaments: all checks passed");
} finally {
  await browser.close();
}

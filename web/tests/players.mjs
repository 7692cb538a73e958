// The players' pages in a real browser (Debian's Chromium through playwright-core) against a real
// server that tests/it/web_players.rs filled: alba, bruce and cara (twelve public games of alba and
// bruce, a private one of alba and cara, one alba lost to the greedy bot), a dozen lairds and
// the mcts bot with settled ratings.
//
// Signed out, the leaderboard pages (mcts first, marked as a bot) and a laird's name leads to
// their profile; alba's profile lists her twelve public games over two pages. Signed in as alba,
// it lists her private games too (fourteen), and draws her rating chart (LORDS_RATED=1: the
// server rated the games; otherwise it says there is no rated game yet). Names link to
// profiles from the lobby and from a finished game's table. In English and French, on a phone
// and a desktop; axe-core finds no serious violation; screenshots `players-*`.
//
//   LORDS_RATED=0 node web/tests/players.mjs http://127.0.0.1:8080
import { chromium } from "playwright-core";
import { axe, base, executablePath, fail, shot, touchTargets, fitsWidth } from "./harness.mjs";

const rated = process.env.LORDS_RATED === "1";
const PASSWORD = "correct horse battery";

const desk = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Texts by language, as a person reads them. */
const T = {
  en: {
    signIn: "Sign in",
    username: "Username",
    password: "Password",
    lobby: "Lobby",
    board: "Leaderboard",
    next: "Next page",
    older: "Older games",
    first: "First page",
    archive: "Finished games",
    chart: /^Rating over 13 rated games, now/,
    noRated: "No rated game yet",
    private: "private",
    greedy: "Bot (greedy)",
  },
  fr: {
    signIn: "Se connecter",
    username: "Nom d'utilisateur",
    password: "Mot de passe",
    lobby: "Salon",
    board: "Palmarès",
    next: "Page suivante",
    older: "Parties plus anciennes",
    first: "Première page",
    archive: "Parties terminées",
    chart: /^Classement sur 13 parties classées, aujourd'hui/,
    noRated: "Aucune partie classée",
    private: "privée",
    greedy: "Robot (glouton)",
  },
};

async function signIn(page, l, username) {
  const form = page.getByRole("form", { name: T[l].signIn });
  await form.getByLabel(T[l].username).fill(username);
  await form.getByLabel(T[l].password).fill(PASSWORD);
  await form.getByRole("button", { name: T[l].signIn }).click();
  await page.getByRole("heading", { name: T[l].lobby, level: 1 }).waitFor();
}

/** Waits for `n` games in the archive's list. */
async function archiveHas(page, n, where) {
  const rows = page.locator(".archive-game");
  await page.waitForFunction((k) => document.querySelectorAll(".archive-game").length === k, n).catch(async () => {
    fail(`${where}: ${await rows.count()} games listed, not ${n}`);
  });
}

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const errors = [];
async function page(options, l) {
  const context = await browser.newContext({ ...options, locale: l === "fr" ? "fr-FR" : "en-GB" });
  const p = await context.newPage();
  p.on("pageerror", (e) => errors.push(String(e)));
  return p;
}

try {
  for (const l of ["en", "fr"]) {
    const x = T[l];
    const suffix = l === "fr" ? "-fr" : "";
    for (const size of [phone, desk]) {
      const wide = size === desk;
      // Signed out: the leaderboard, from the header.
      const p = await page(size, l);
      await p.goto(`${base}/#/signin`);
      await p.locator("#nav").getByRole("link", { name: x.board }).click();
      await p.getByRole("heading", { name: x.board, level: 1 }).waitFor();
      const board = p.getByRole("table", { name: x.board });
      await board.waitFor();
      const rows = board.locator("tbody tr");
      if ((await rows.count()) !== 10) fail(`${l}: the leaderboard's first page has ${await rows.count()} lines`);
      const first = rows.first();
      await first.getByRole("link", { name: "mcts" }).waitFor();
      if (!/bot/.test((await first.textContent()) ?? "")) fail(`${l}: mcts is not marked as a bot`);
      await fitsWidth(p, `the ${l} leaderboard`);
      if (!wide) await touchTargets(p, `the ${l} leaderboard on a phone`);
      await shot(p, `players-board${suffix}`);
      if (wide) await axe(p, `the ${l} leaderboard`);
      await p.getByRole("button", { name: x.next }).click();
      await p.locator("tbody tr[data-player=laird00]").waitFor();
      const second = await board.locator("tbody tr").count();
      if (second < 3) fail(`${l}: the leaderboard's second page has ${second} lines`);
      console.log(`${l}: the leaderboard pages, with the bot marked`);

      // A name on the leaderboard leads to the profile; alba's public games, two pages.
      await board.getByRole("link", { name: "laird00" }).click();
      await p.getByRole("heading", { name: "laird00", level: 1 }).waitFor();
      await p.goto(`${base}/#/player/alba`);
      await p.getByRole("heading", { name: "alba", level: 1 }).waitFor();
      await p.getByRole("heading", { name: x.archive }).waitFor();
      await archiveHas(p, 10, `${l} alba's archive, signed out`);
      await p.getByRole("button", { name: x.older }).click();
      await archiveHas(p, 2, `${l} alba's archive's second page, signed out`);
      if ((await p.locator(".archive-game", { hasText: x.private }).count()) > 0) fail(`${l}: a stranger sees a private game`);

      // Signed in as alba: her private games too, and her chart.
      await p.goto(`${base}/#/signin`);
      await signIn(p, l, "alba");
      await p.goto(`${base}/#/player/alba`);
      await p.getByRole("heading", { name: "alba", level: 1 }).waitFor();
      await archiveHas(p, 10, `${l} alba's archive`);
      if (rated) {
        const chart = p.getByRole("img", { name: x.chart });
        await chart.waitFor();
        if ((await p.locator("svg.rating-chart polyline").count()) !== 1) fail(`${l}: the chart is not one polyline`);
      } else {
        await p.getByText(x.noRated).waitFor();
      }
      await fitsWidth(p, `alba's ${l} profile`);
      if (!wide) await touchTargets(p, `alba's ${l} profile on a phone`);
      await shot(p, `players-profile${suffix}`);
      if (wide) await axe(p, `the ${l} profile`);
      // Her newest two are private: the game with cara, the game lost to the bot.
      if ((await p.locator(".archive-game", { hasText: x.private }).count()) !== 2) fail(`${l}: alba does not see her two private games`);
      await p.getByRole("button", { name: x.older }).click();
      await archiveHas(p, 4, `${l} alba's archive's second page`);
      await p.getByRole("button", { name: x.first }).click();
      await archiveHas(p, 10, `${l} alba's archive's first page again`);
      // The bot's seat links to the bot's profile.
      await p.locator(".archive-game").getByRole("link", { name: x.greedy }).first().click();
      await p.getByRole("heading", { name: "greedy", level: 1 }).waitFor();
      console.log(`${l}: a profile with its chart and archive; private games for their players only`);

      // From the lobby and from a finished game's table.
      await p.locator("#nav").getByRole("link", { name: x.lobby }).click();
      await p.getByRole("heading", { name: x.lobby, level: 1 }).waitFor();
      // The lobby folds the latest finished games: opened, a finished game's opponent links to
      // their profile.
      await p.locator("details.finished-games > summary").click();
      const row = p.locator("details.finished-games .game-row[data-status=finished]").filter({ has: p.getByRole("link", { name: "bruce", exact: true }) }).first();
      const game = await row.getAttribute("data-game");
      await row.getByRole("link", { name: "bruce", exact: true }).click();
      await p.getByRole("heading", { name: "bruce", level: 1 }).waitFor();
      await p.goto(`${base}/#/game/${game}`);
      const ranking = p.locator("section.ranking");
      await ranking.getByRole("link", { name: "bruce", exact: true }).click();
      await p.getByRole("heading", { name: "bruce", level: 1 }).waitFor();
      console.log(`${l}: usernames link to profiles from the lobby and the table`);
      await p.context().close();
    }
  }
  if (errors.length > 0) fail(`the pages reported errors:\n  ${errors.join("\n  ")}`);
  console.log("players: all browser checks passed");
} finally {
  await browser.close();
}

// Matchmaking in a real browser (Debian's Chromium through playwright-core) against a real server
// that tests/it/web_matchmaking.rs seeded: for each language, two players (one on a 360×640 phone,
// one on a desktop) and a third who seeks a four-player game and has muted the desktop's player.
//
// For each language: the lobby opens on "Play now" for 2 to 5 players; the phone's player presses
// "2 players" and their seek waits among theirs, with a Cancel, while the desktop's lobby lists it
// among the open seeks (the rating marked provisional); the desktop's player presses "2 players"
// too and both are taken to the same game. A seek for 3 is made and cancelled. From the phone's
// profile page the desktop's player challenges them (a 1-hour clock): the phone's header badge
// counts it and leads to it, the lobby lists it, and it is declined as too fast, which the
// challenger sees. A second challenge is accepted: both reach the new game. Challenging the
// player who muted the challenger is refused, in words. axe-core finds no serious violation;
// nothing is wider than the phone, whose buttons and links are 44×44 px at least; screenshots
// `match-*` at 360×640 and 1280×800, English and French.
//
//   node web/tests/matchmaking.mjs http://127.0.0.1:8080
import { chromium } from "playwright-core";
import { axe, base, executablePath, fail, fitsWidth, shot, touchTargets } from "./harness.mjs";

const PASSWORD = "correct horse battery";
const GAME = /#\/game\/([0-9a-f-]{36})$/;

const desk = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Texts by language, as a person reads them; the players seeded for each language. */
const T = {
  en: {
    phone: "ailsa",
    desk: "bruce",
    muter: "morag",
    signIn: "Sign in",
    username: "Username",
    password: "Password",
    lobby: "Lobby",
    playNow: "Play now",
    players: (n) => new RegExp(`^Play now: ${n} players$`),
    yourSeeks: /^Your seeks/,
    openSeeks: /^Open seeks/,
    cancel: /^Cancel/,
    seekCancelled: "Seek cancelled.",
    challenge: (name) => `Challenge ${name}`,
    clock: "Time per decision",
    hour: "1 hour",
    send: "Send the challenge",
    close: "Close",
    sent: (name) => `Challenge sent: ${name} has 7 days to answer.`,
    see: "See your challenges",
    badge: "Challenges 1 awaits your answer",
    incoming: /^Challenges to you \(1\)/,
    outgoing: /^Your challenges/,
    reason: "Reason",
    decline: /^Decline/,
    accept: /^Accept/,
    declined: (name) => `${name} declined: “The clock is too fast for me”`,
    refused: (name) => `${name} does not take challenges from you.`,
    options: "2 players · rated · 1 hour per move",
  },
  fr: {
    phone: "isla",
    desk: "jamie",
    muter: "rhona",
    signIn: "Se connecter",
    username: "Nom d'utilisateur",
    password: "Mot de passe",
    lobby: "Salon",
    playNow: "Jouer maintenant",
    players: (n) => new RegExp(`^Jouer maintenant : ${n} joueurs$`),
    yourSeeks: /^Vos recherches/,
    openSeeks: /^Recherches ouvertes/,
    cancel: /^Annuler/,
    seekCancelled: "Recherche annulée.",
    challenge: (name) => `Défier ${name}`,
    clock: "Temps par décision",
    hour: "1 heure",
    send: "Envoyer le défi",
    close: "Fermer",
    sent: (name) => `Défi envoyé : ${name} a 7 jours pour répondre.`,
    see: "Voir vos défis",
    badge: "Défis 1 attend votre réponse",
    incoming: /^Défis reçus \(1\)/,
    outgoing: /^Vos défis/,
    reason: "Raison",
    decline: /^Refuser/,
    accept: /^Accepter/,
    declined: (name) => `${name} a refusé : « La cadence est trop rapide pour moi »`,
    refused: (name) => `${name} n'accepte pas vos défis.`,
    options: "2 joueurs · classée · 1 heure par coup",
  },
};

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const errors = [];
async function page(options, l) {
  const context = await browser.newContext({ ...options, locale: l === "fr" ? "fr-FR" : "en-GB" });
  const p = await context.newPage();
  p.on("pageerror", (e) => errors.push(String(e)));
  return p;
}

async function signIn(p, l, username) {
  const x = T[l];
  await p.goto(`${base}/#/signin`);
  const form = p.getByRole("form", { name: x.signIn });
  await form.getByLabel(x.username).fill(username);
  await form.getByLabel(x.password).fill(PASSWORD);
  await form.getByRole("button", { name: x.signIn }).click();
  await lobby(p, l);
}

/** Waits for the lobby with its matchmaking read. */
async function lobby(p, l) {
  await p.getByRole("heading", { name: T[l].lobby, level: 1 }).waitFor();
  await p.locator(".open-seeks h3").waitFor();
}

/** The lobby again, from the header's link. */
async function toLobby(p, l) {
  await p.locator("#nav").getByRole("link", { name: T[l].lobby, exact: true }).click();
  await lobby(p, l);
}

/** The game the page is at, once it is at one. */
async function atGame(p, where) {
  await p.waitForURL(GAME, { timeout: 20_000 }).catch(() => fail(`${where} never reached a game (at ${p.url()})`));
  await p.locator("section.table").waitFor();
  return GAME.exec(p.url())?.[1];
}

/** Opens the challenge form on `name`'s profile. */
async function challengeForm(p, l, name) {
  const x = T[l];
  await p.goto(`${base}/#/player/${name}`);
  await p.getByRole("heading", { name, level: 1 }).waitFor();
  await p.getByRole("button", { name: x.challenge(name) }).click();
  const form = p.getByRole("form", { name: x.challenge(name) });
  await form.waitFor();
  return form;
}

/** Challenges `name` from their profile, with a clock when given; waits until it is sent. */
async function challenge(p, l, name, clock = null) {
  const x = T[l];
  const form = await challengeForm(p, l, name);
  if (clock !== null) await form.getByLabel(x.clock).selectOption({ label: clock });
  await form.getByRole("button", { name: x.send }).click();
  await p.getByRole("status").filter({ hasText: x.sent(name) }).waitFor();
}

try {
  for (const l of ["en", "fr"]) {
    const x = T[l];
    const suffix = l === "fr" ? "-fr" : "";
    const small = await page(phone, l);
    const wide = await page(desk, l);
    await signIn(small, l, x.phone);
    await signIn(wide, l, x.desk);

    // The lobby opens on "Play now", a button for each table size.
    const play = small.getByRole("region", { name: x.playNow });
    for (const n of [2, 3, 4, 5]) await play.getByRole("button", { name: x.players(n) }).waitFor();
    const first = await small.locator(".lobby > section:visible").first().getAttribute("class");
    if (!/play-now/.test(first ?? "")) fail(`${l}: the lobby opens on ${first}, not on "Play now"`);
    console.log(`${l}: the lobby opens on "Play now" for 2, 3, 4 and 5 players`);

    // The phone's player seeks a game of two: it waits among theirs, with a Cancel.
    await play.getByRole("button", { name: x.players(2) }).click();
    const mine = small.locator(".my-seeks .seek-row");
    await mine.first().waitFor();
    if ((await mine.count()) !== 1) fail(`${l}: ${await mine.count()} seeks of mine listed`);
    await mine.getByRole("button", { name: x.cancel }).waitFor();
    await small.getByRole("heading", { name: x.yourSeeks }).waitFor();
    // The desktop's lobby lists it (its lists are read every 10 s), the rating provisional.
    const theirs = wide.locator(`.open-seeks .seek-row[data-username="${x.phone}"]`);
    await theirs.waitFor({ timeout: 20_000 });
    const rating = (await theirs.locator(".rating").first().textContent()) ?? "";
    if (!/\?\s*$/.test(rating.replace(/\(.*\)/, "").trim())) fail(`${l}: the seeker's rating "${rating}" is not marked provisional`);
    await wide.locator(`.open-seeks .seek-row[data-username="${x.muter}"]`).waitFor();
    console.log(`${l}: a seek waits among mine, with a Cancel, and in the others' open seeks`);
    await fitsWidth(small, `the ${l} lobby on a phone`);
    await touchTargets(small, `the ${l} lobby on a phone`);
    await shot(small, `match-lobby${suffix}`);
    await shot(wide, `match-lobby${suffix}`);
    await axe(small, `the ${l} lobby with its seeks`);

    // The desktop's player presses "2 players" too: both are taken to the same game.
    await wide.getByRole("region", { name: x.playNow }).getByRole("button", { name: x.players(2) }).click();
    const [g1, g2] = await Promise.all([atGame(wide, `${l} desktop`), atGame(small, `${l} phone`)]);
    if (g1 !== g2) fail(`${l}: the two players reached different games, ${g1} and ${g2}`);
    console.log(`${l}: two players press "Play now" for 2 and reach the same game`);

    // A seek for three is made, then cancelled.
    await toLobby(small, l);
    await small.getByRole("region", { name: x.playNow }).getByRole("button", { name: x.players(3) }).click();
    await mine.first().waitFor();
    await mine.getByRole("button", { name: x.cancel }).click();
    await small.getByRole("status").filter({ hasText: x.seekCancelled }).waitFor();
    await small.waitForFunction(() => document.querySelectorAll(".my-seeks .seek-row").length === 0);
    console.log(`${l}: a seek is cancelled`);

    // The challenge form, on a phone (opened and closed) and on a desktop.
    let form = await challengeForm(small, l, x.desk);
    await fitsWidth(small, `the ${l} profile with its challenge form on a phone`);
    await touchTargets(small, `the ${l} profile with its challenge form on a phone`);
    await shot(small, `match-profile${suffix}`);
    await form.getByRole("button", { name: x.close }).click();
    await form.waitFor({ state: "hidden" });
    await toLobby(small, l);
    form = await challengeForm(wide, l, x.phone);
    await form.getByLabel(x.clock).selectOption({ label: x.hour });
    await shot(wide, `match-profile${suffix}`);
    await axe(wide, `the ${l} profile with its challenge form`);
    await form.getByRole("button", { name: x.send }).click();
    await wide.getByRole("status").filter({ hasText: x.sent(x.phone) }).waitFor();
    await wide.getByRole("link", { name: x.see }).click();
    await wide.getByRole("region", { name: x.outgoing }).locator(".challenge-row[data-state=open]").waitFor();
    console.log(`${l}: a challenge is sent from a profile with a clock of one hour`);

    // The challenged player's header counts it and leads to it; the lobby lists it.
    const badge = small.locator("#nav").getByRole("link", { name: x.badge });
    await badge.waitFor({ timeout: 20_000 });
    const row = small.getByRole("region", { name: x.incoming }).locator(`.challenge-row[data-challenger="${x.desk}"]`);
    await row.waitFor();
    if (!((await row.textContent()) ?? "").includes(x.options)) fail(`${l}: the challenge does not say ${x.options}: ${await row.textContent()}`);
    await badge.click();
    await small.waitForURL(/#\/challenges$/);
    await small.waitForFunction(() => document.activeElement?.id === "list-incoming").catch(async () => {
      fail(`${l}: the badge led to ${await small.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))}, not to the challenges`);
    });
    await row.waitFor();
    console.log(`${l}: the header's badge counts the challenge and leads to it in the lobby`);
    await fitsWidth(small, `the ${l} challenges on a phone`);
    await touchTargets(small, `the ${l} challenges on a phone`);
    await shot(small, `match-challenges${suffix}`);
    await axe(small, `the ${l} challenges`);

    // Declined as too fast: the challenger sees it, and the badge goes.
    await row.getByLabel(x.reason).selectOption("too_fast");
    await row.getByRole("button", { name: x.decline }).click();
    await row.waitFor({ state: "detached" });
    await badge.waitFor({ state: "hidden" });
    const ended = wide.getByRole("region", { name: x.outgoing }).locator(".challenge-row[data-state=declined]");
    await ended.filter({ hasText: x.declined(x.phone) }).waitFor({ timeout: 20_000 });
    await wide.getByRole("status").filter({ hasText: x.declined(x.phone) }).waitFor();
    await shot(wide, `match-challenges${suffix}`);
    console.log(`${l}: the challenge is declined with a reason, which the challenger sees`);

    // A second challenge, accepted: both reach the new game.
    await challenge(wide, l, x.phone);
    await wide.getByRole("link", { name: x.see }).click();
    await wide.getByRole("region", { name: x.outgoing }).locator(".challenge-row[data-state=open]").waitFor();
    await badge.waitFor({ timeout: 20_000 });
    const again = small.getByRole("region", { name: x.incoming }).locator(`.challenge-row[data-challenger="${x.desk}"]`);
    await again.getByRole("button", { name: x.accept }).click();
    const [c1, c2] = await Promise.all([atGame(small, `${l} challenged`), atGame(wide, `${l} challenger`)]);
    if (c1 !== c2) fail(`${l}: the accepted challenge led to different games, ${c1} and ${c2}`);
    if (c1 === g1) fail(`${l}: the accepted challenge led to the first game`);
    console.log(`${l}: a challenge is accepted and both reach its game`);

    // A player who muted the challenger refuses their challenges: said in words.
    const refused = await challengeForm(wide, l, x.muter);
    await refused.getByRole("button", { name: x.send }).click();
    const alert = refused.getByRole("alert");
    await alert.filter({ hasText: x.refused(x.muter) }).waitFor();
    if ((await alert.getAttribute("data-code")) !== "challenge_refused") fail(`${l}: the refusal's code is ${await alert.getAttribute("data-code")}`);
    console.log(`${l}: a refused challenge is said in words`);

    await small.context().close();
    await wide.context().close();
  }
  if (errors.length > 0) fail(`page errors:\n  ${errors.join("\n  ")}`);
  console.log("matchmaking: all browser checks passed");
} finally {
  await browser.close();
}

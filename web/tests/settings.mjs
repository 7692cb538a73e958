// The settings screen and the mailed links' screens in a real browser (Debian's Chromium through
// playwright-core) against a real server, in two phases the test harness runs one after the
// other (it reads the mailed tokens from the mail queue in between).
//
// Phase "ui" (accounts alba and bruce exist, bruce with a verified address): alba reaches the
// settings from the header, an address the server refuses (no dotted domain) and bruce's address
// read as sentences with their codes, hers is saved unverified and the link sent again; the
// notification settings saved (a kind's channels, the digest hour) and kept across a reload; a
// vacation refused past the days left, started for 3 days and ended early; "Forgot password?" on the
// sign-in screen asks for bruce's reset link and says the same whatever the address. In French
// too: the same screens by their French names, a refusal in French. axe-core finds no serious
// violation; screenshots at 360×640 and 1280×800, English and French (`settings-*`,
// `forgot-*`).
//
// Phase "links" (LORDS_VERIFY_TOKEN: alba's verification token, LORDS_RESET_TOKEN: bruce's reset
// token): the verification link followed signed out asks to sign in first, then verifies; the
// reset link needs no sign-in, refuses a short password, sets the new one, which signs in; the
// used link then reads as expired and offers a new one (`verify-*`, `reset-*` screenshots).
//
//   LORDS_PHASE=ui node web/tests/settings.mjs http://127.0.0.1:8080
import { chromium } from "playwright-core";
import { axe, base, executablePath, fail, shot, fitsWidth } from "./harness.mjs";

const phase = process.env.LORDS_PHASE ?? "ui";
const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "arbroath1320";

const desk = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Texts by language, as a person reads them. */
const T = {
  en: {
    signIn: "Sign in",
    username: "Username",
    password: "Password",
    lobby: "Lobby",
    settings: "Settings",
    email: "Email address",
    save: "Save address",
    resend: "Send the link again",
    sent: "A verification link is on its way",
    unverified: "is not verified yet",
    forgot: "Forgot password?",
    forgotTitle: "Forgot password",
    sendLink: "Send the link",
    linkSent: "If an account has this address",
    notifications: "Notifications",
    vacation: "Vacation",
  },
  fr: {
    signIn: "Se connecter",
    username: "Nom d'utilisateur",
    password: "Mot de passe",
    lobby: "Salon",
    settings: "Réglages",
    email: "Adresse e-mail",
    save: "Enregistrer l'adresse",
    resend: "Renvoyer le lien",
    sent: "Un lien de vérification part vers",
    unverified: "n'est pas encore vérifiée",
    forgot: "Mot de passe oublié ?",
    forgotTitle: "Mot de passe oublié",
    sendLink: "Envoyer le lien",
    linkSent: "Si un compte a cette adresse",
    notifications: "Notifications",
    vacation: "Vacances",
  },
};

async function signIn(page, l, username, password = PASSWORD) {
  const form = page.getByRole("form", { name: T[l].signIn });
  await form.getByLabel(T[l].username).fill(username);
  await form.getByLabel(T[l].password).fill(password);
  await form.getByRole("button", { name: T[l].signIn }).click();
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
  if (phase === "ui") {
    for (const l of ["en", "fr"]) {
      const x = T[l];
      const p = await page(phone, l);
      await p.goto(`${base}/#/signin`);
      await signIn(p, l, "alba");
      await p.getByRole("heading", { name: x.lobby, level: 1 }).waitFor();
      await p.getByRole("link", { name: x.settings, exact: true }).click();
      await p.getByRole("heading", { name: x.settings, level: 1 }).waitFor();
      const address = p.getByRole("form", { name: l === "en" ? "Email address" : "Adresse e-mail" });
      // Refusals read as sentences, their codes unchanged.
      await address.getByLabel(x.email).fill("alba@localhost");
      await address.getByRole("button", { name: x.save }).click();
      await p.locator("#address-problem[data-code=invalid_email]").waitFor();
      const said = (await p.locator("#address-problem").textContent()) ?? "";
      if (l === "fr" && !/adresse/.test(said)) fail(`the refusal is not in French: ${said}`);
      await address.getByLabel(x.email).fill("Bruce@Example.org");
      await address.getByRole("button", { name: x.save }).click();
      await p.locator("#address-problem[data-code=email_taken]").waitFor();
      console.log(`${l}: refusals read as sentences: « ${said} »`);
      await address.getByLabel(x.email).fill("alba@example.org");
      await address.getByRole("button", { name: x.save }).click();
      await p.getByRole("status").filter({ hasText: x.sent }).waitFor();
      await p.locator("#address-state").filter({ hasText: x.unverified }).waitFor();
      await p.getByRole("button", { name: x.resend }).click();
      await p.getByRole("status").filter({ hasText: x.sent }).waitFor();
      console.log(`${l}: the address is saved unverified and its link sent again`);
      await p.getByRole("heading", { name: x.notifications, level: 2 }).waitFor();
      await p.getByRole("heading", { name: x.vacation, level: 2 }).waitFor();
      if (l === "en") {
        // The vacation: more days than are left is refused as a sentence; 3 days start it, ending
        // it early gives back the whole days not begun.
        const vacation = p.getByRole("form", { name: "Vacation" });
        await p.getByText("Vacation days left: 20").waitFor();
        await vacation.getByLabel("Days away").fill("25");
        await vacation.getByRole("button", { name: "Start vacation" }).click();
        await p.locator("#vacation-problem[data-code=not_enough_vacation_days]").waitFor();
        await vacation.getByLabel("Days away").fill("3");
        await vacation.getByRole("button", { name: "Start vacation" }).click();
        await p.getByRole("status").filter({ hasText: "Your vacation has started" }).waitFor();
        await p.getByText("Vacation days left: 17").waitFor();
        await p.getByText("You are on vacation until").waitFor();
        await shot(p, "settings-vacation");
        await p.getByRole("button", { name: "End vacation now" }).click();
        // The day begun is spent: two whole days come back.
        await p.getByRole("status").filter({ hasText: "2 unused days returned" }).waitFor();
        await p.getByText("Vacation days left: 19").waitFor();
        console.log("vacation: refused past the days left, started for 3 days, ended early with the days back");
        // What to be told: "A game ends" by mail in the digest, at 18:00; kept across a reload.
        const notes = p.getByRole("form", { name: "Notifications" });
        await notes.getByLabel("Email: A game ends").selectOption("digest");
        await notes.getByLabel("Push: A game ends").check();
        await notes.getByLabel("Digest sent at").selectOption("18");
        await notes.getByRole("button", { name: "Save notifications" }).click();
        await p.getByRole("status").filter({ hasText: "Notifications saved." }).waitFor();
        await p.reload();
        await p.getByRole("heading", { name: x.settings, level: 1 }).waitFor();
        const kept = [
          await notes.getByLabel("Email: A game ends").inputValue(),
          String(await notes.getByLabel("Push: A game ends").isChecked()),
          await notes.getByLabel("Digest sent at").inputValue(),
        ].join(" ");
        if (kept !== "digest true 18") fail(`the saved notification settings read back as ${kept}`);
        console.log("notifications: a kind's channels and the digest hour saved and kept across a reload");
      } else {
        await p.getByText("Jours de vacances restants : 19").waitFor();
      }
      await fitsWidth(p, `the ${l} settings on a phone`);
      await shot(p, l === "en" ? "settings" : "settings-fr");
      await axe(p, `the ${l} settings`);
      const wide = await page(desk, l);
      await wide.goto(`${base}/#/signin`);
      await signIn(wide, l, "alba");
      await wide.getByRole("heading", { name: x.lobby, level: 1 }).waitFor();
      await wide.goto(`${base}/#/settings`);
      await wide.getByRole("heading", { name: x.settings, level: 1 }).waitFor();
      await wide.locator("#address-state").filter({ hasText: x.unverified }).waitFor();
      await shot(wide, l === "en" ? "settings" : "settings-fr");

      // "Forgot password?" from the sign-in screen, signed out.
      for (const f of [await page(phone, l), await page(desk, l)]) {
        await f.goto(`${base}/#/signin`);
        await f.getByRole("link", { name: x.forgot }).click();
        await f.getByRole("heading", { name: x.forgotTitle, level: 1 }).waitFor();
        const form = f.getByRole("form", { name: x.forgotTitle });
        await form.getByLabel(x.email).fill(l === "en" ? "bruce@example.org" : "personne@example.org");
        await form.getByRole("button", { name: x.sendLink }).click();
        await f.getByRole("status").filter({ hasText: x.linkSent }).waitFor();
        await fitsWidth(f, `the ${l} forgot-password screen`);
        await shot(f, l === "en" ? "forgot" : "forgot-fr");
      }
      console.log(`${l}: "forgot password" says the same whatever the address`);
    }
    if (errors.length > 0) fail(`the pages reported errors:\n  ${errors.join("\n  ")}`);
    console.log("settings ui: all browser checks passed");
  } else {
    const verify = process.env.LORDS_VERIFY_TOKEN ?? fail("LORDS_VERIFY_TOKEN is not set");
    const reset = process.env.LORDS_RESET_TOKEN ?? fail("LORDS_RESET_TOKEN is not set");
    // The verification link, followed signed out: sign in first, then back to it.
    const v = await page(phone, "en");
    await v.goto(`${base}/#/verify-email/${verify}`);
    await signIn(v, "en", "alba");
    await v.locator("#verify-result").filter({ hasText: "alba@example.org is verified" }).waitFor();
    await shot(v, "verify");
    await v.getByRole("link", { name: "Go to the settings" }).click();
    await v.locator("#address-state").filter({ hasText: "alba@example.org is verified" }).waitFor();
    console.log("the verification link signed in first, then verified the address");

    // The reset link needs no sign-in.
    const r = await page(phone, "en");
    await r.goto(`${base}/#/reset-password/${reset}`);
    await r.getByRole("heading", { name: "Set a new password", level: 1 }).waitFor();
    const form = r.getByRole("form", { name: "Set a new password" });
    await form.getByLabel(/^Password/).fill("short");
    await form.getByRole("button", { name: "Set password" }).click();
    await r.locator("#reset-problem[data-code=invalid_password]").waitFor();
    await shot(r, "reset-refused");
    await form.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Set password" }).click();
    await r.getByRole("status").filter({ hasText: "Your password is set" }).waitFor();
    await shot(r, "reset");
    await r.getByRole("link", { name: "Sign in" }).last().click();
    await signIn(r, "en", "bruce", NEW_PASSWORD);
    await r.getByRole("heading", { name: "Lobby", level: 1 }).waitFor();
    console.log("the reset link set a new password, which signs in");

    // Used once: the same link in French reads as expired and offers a new one.
    const again = await page(desk, "fr");
    await again.goto(`${base}/#/reset-password/${reset}`);
    const formFr = again.getByRole("form", { name: "Choisir un nouveau mot de passe" });
    await formFr.getByLabel(/^Mot de passe/).fill("un-autre-mot-de-passe");
    await formFr.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await again.locator("#reset-problem[data-code=token_expired]").waitFor();
    await again.getByRole("link", { name: "Demander un nouveau lien" }).waitFor();
    await shot(again, "reset-expired-fr");
    console.log("a used reset link reads as expired, in French, and offers a new one");
    if (errors.length > 0) fail(`the pages reported errors:\n  ${errors.join("\n  ")}`);
    console.log("settings links: all browser checks passed");
  }
} finally {
  await browser.close();
}

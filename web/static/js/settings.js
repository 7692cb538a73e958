// The settings screen (#/settings) and the screens mailed links lead to: the account's address
// and its verification (`PUT /v1/me/email`), what to be told and how (`GET`/`PUT
// /v1/me/notification-settings`), the vacation (`POST`/`DELETE /v1/me/vacation`), and this
// device's preferences (prefs.js: kept in this browser, not on the account); "forgot password"
// (#/forgot-password), a verification link (#/verify-email/<token>, signed in) and a reset link
// (#/reset-password/<token>, signed out). The server decides everything; refusals show their
// problem's sentence. Depends on api.js, dom.js, i18n.js and prefs.js only.

import { ApiError, call, session } from "./api.js";
import { h, replace } from "./dom.js";
import { lang, t } from "./i18n.js";
import { confirmMoves, setConfirmMoves, setTheme, setTurnAlert, theme, turnAlert } from "./prefs.js";

/** @typedef {import("./types.js").MeDto} Reach */
/** @typedef {import("./types.js").EmailChoice} EmailChoice */
/** @typedef {import("./types.js").KindChannels} Channels */
/** @typedef {import("./types.js").NotificationSettings} NotificationSettings */
/** @typedef {import("./types.js").EmailState} EmailState */
/** @typedef {import("./types.js").VacationStarted} VacationStarted */
/** @typedef {import("./types.js").VacationEnded} VacationEnded */

/** The kinds, in the order the table lists them. */
const KINDS = /** @type {const} */ (["your_turn", "reminder", "invited", "game_over", "chat"]);
/** @type {EmailChoice[]} */
const EMAIL_CHOICES = ["immediately", "digest", "off"];

/** @param {unknown} e */
function sentence(e) {
  return e instanceof ApiError || e instanceof Error ? e.message : String(e);
}

/**
 * Shows a refusal in `where`, its code kept for tests and styles.
 * @param {HTMLElement} where
 * @param {unknown} e
 */
function refusal(where, e) {
  where.textContent = sentence(e);
  if (e instanceof ApiError) where.dataset["code"] = e.code;
}

/** @param {string} iso */
function when(iso) {
  return new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));
}

/**
 * The settings screen.
 * @param {HTMLElement} main
 */
export async function showSettings(main) {
  document.title = t.pageTitle(t.settings.title);
  replace(main, h("p", { role: "status" }, t.loading));
  /** @type {Reach} */
  let me;
  try {
    me = /** @type {Reach} */ (await call("GET", "/v1/me"));
  } catch (e) {
    replace(main, h("p", { class: "form-error", role: "alert" }, sentence(e)));
    return;
  }
  /** @type {NotificationSettings | null} */
  let notifications = null;
  /** @type {unknown} */
  let notificationsProblem = null;
  try {
    notifications = /** @type {NotificationSettings} */ (await call("GET", "/v1/me/notification-settings"));
  } catch (e) {
    notificationsProblem = e;
  }
  replace(
    main,
    h(
      "section",
      { class: "settings", "aria-labelledby": "settings-title" },
      h("h1", { id: "settings-title" }, t.settings.title),
      addressSection(me),
      notificationsSection(notifications, notificationsProblem),
      vacationSection(me),
      deviceSection(),
      h("p", {}, h("a", { href: "#/account" }, t.settings.toAccount)),
      h("p", {}, h("a", { href: "#/tokens" }, t.tokens.link)),
    ),
  );
}

/**
 * The address, its state, and the form that sets it (or sends the link again).
 * @param {Reach} me
 */
function addressSection(me) {
  const box = h("section", { class: "card-form address", "aria-labelledby": "address-title" });
  const status = h("p", { role: "status", id: "address-status" });
  const problem = h("p", { class: "form-error", role: "alert", id: "address-problem" });
  /** @param {string | null} email @param {boolean} verified */
  const state = (email, verified) =>
    email === null ? t.settings.noAddress : verified ? t.settings.verified(email) : t.settings.unverified(email);
  const current = h("p", { id: "address-state", class: verified(me) ? "verified" : "unverified" }, state(me.email, me.email_verified));
  const input = h("input", {
    name: "email",
    type: "email",
    autocomplete: "email",
    required: true,
    value: me.email ?? "",
    "aria-describedby": "address-state address-problem",
  });
  /** @param {string} email */
  const send = async (email) => {
    problem.textContent = "";
    delete problem.dataset["code"];
    status.textContent = "";
    try {
      const r = /** @type {EmailState} */ (
        await call("PUT", "/v1/me/email", { body: { email } })
      );
      me.email = r.email;
      me.email_verified = r.email_verified;
      current.textContent = state(r.email, r.email_verified);
      current.className = r.email_verified ? "verified" : "unverified";
      status.textContent = r.verification_sent ? t.settings.linkSent(r.email) : t.settings.addressSaved;
      resend.hidden = r.email_verified;
    } catch (e) {
      refusal(problem, e);
    }
  };
  const f = h(
    "form",
    { "aria-labelledby": "address-title" },
    h("label", {}, t.settings.emailLabel, input),
    h("button", { type: "submit", class: "primary" }, t.settings.saveAddress),
  );
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    void send(/** @type {HTMLInputElement} */ (input).value.trim());
  });
  const resend = h(
    "button",
    { type: "button", onclick: () => (me.email === null ? undefined : void send(me.email)) },
    t.settings.resend,
  );
  resend.hidden = me.email === null || me.email_verified;
  replace(box, h("h2", { id: "address-title" }, t.settings.addressTitle), current, f, resend, status, problem);
  return box;
}

/** @param {Reach} me */
function verified(me) {
  return me.email !== null && me.email_verified;
}

/**
 * The kinds × channels table, the digest hour and time zone, and "email failing since".
 * @param {NotificationSettings | null} doc
 * @param {unknown} why
 */
function notificationsSection(doc, why) {
  const box = h("section", { class: "card-form notifications", "aria-labelledby": "notifications-title" });
  const title = h("h2", { id: "notifications-title" }, t.settings.notificationsTitle);
  if (doc === null) {
    replace(box, title, h("p", { class: "form-error", role: "alert" }, t.settings.notificationsUnavailable(sentence(why))));
    return box;
  }
  const status = h("p", { role: "status", id: "notifications-status" });
  const problem = h("p", { class: "form-error", role: "alert", id: "notifications-problem" });
  const rows = KINDS.map((kind) => {
    const channels = doc.kinds[kind] ?? { email: "off", push: false };
    const name = t.settings.kinds[kind];
    return h(
      "tr",
      {},
      h("th", { scope: "row" }, name),
      h(
        "td",
        {},
        h(
          "select",
          { name: `email.${kind}`, "aria-label": t.settings.emailFor(name) },
          EMAIL_CHOICES.map((c) => h("option", { value: c, selected: channels.email === c }, t.settings.emailChoice[c])),
        ),
      ),
      h(
        "td",
        {},
        h("input", { type: "checkbox", name: `push.${kind}`, checked: channels.push, "aria-label": t.settings.pushFor(name) }),
      ),
    );
  });
  const hours = Array.from({ length: 24 }, (_, i) => i);
  const zones = timeZones(doc.time_zone);
  // An account that never chose a zone has UTC: the browser's is selected instead, and the page
  // says that the account keeps UTC until the form is saved (or keeps it on a click).
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zoneKey = `lords.zoneSaved.${session()?.username ?? ""}`;
  const propose = doc.time_zone === "UTC" && Boolean(local) && local !== "UTC" && !stored(zoneKey);
  const chosen = propose ? local : doc.time_zone;
  const zoneSelect = /** @type {HTMLSelectElement} */ (
    h(
      "select",
      { name: "time_zone", "aria-describedby": propose ? "zone-note" : undefined },
      zones.map((z) => h("option", { value: z, selected: chosen === z }, z)),
    )
  );
  const zoneNote = propose
    ? h(
        "p",
        { class: "notice zone-note", id: "zone-note" },
        t.device.zoneProposed(local, doc.time_zone),
        " ",
        h(
          "button",
          {
            type: "button",
            onclick: () => {
              zoneSelect.value = doc.time_zone;
              zoneSelect.removeAttribute("aria-describedby");
              zoneNote?.remove();
              zoneSelect.focus();
            },
          },
          t.device.keepZone(doc.time_zone),
        ),
      )
    : null;
  const f = h(
    "form",
    { "aria-labelledby": "notifications-title" },
    h(
      "table",
      { class: "channels" },
      h("caption", { class: "sr" }, t.settings.notificationsTitle),
      h(
        "thead",
        {},
        h("tr", {}, h("th", { scope: "col" }, t.settings.kindHeader), h("th", { scope: "col" }, t.settings.emailHeader), h("th", { scope: "col" }, t.settings.pushHeader)),
      ),
      h("tbody", {}, rows),
    ),
    h(
      "label",
      {},
      t.settings.digestHour,
      h(
        "select",
        { name: "digest_hour" },
        hours.map((n) => h("option", { value: n, selected: doc.digest_hour === n }, t.settings.hour(n))),
      ),
    ),
    h("label", {}, t.settings.timeZone, zoneSelect),
    zoneNote,
    h("button", { type: "submit", class: "primary" }, t.settings.saveNotifications),
  );
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    status.textContent = "";
    problem.textContent = "";
    const data = new FormData(/** @type {HTMLFormElement} */ (f));
    /** @type {Record<string, Channels>} */
    const kinds = {};
    for (const kind of KINDS) {
      kinds[kind] = {
        email: /** @type {EmailChoice} */ (String(data.get(`email.${kind}`) ?? "off")),
        push: data.get(`push.${kind}`) !== null,
      };
    }
    /** @type {NotificationSettings} */
    const next = {
      kinds: /** @type {NotificationSettings["kinds"]} */ (kinds),
      digest_hour: Number(data.get("digest_hour") ?? doc.digest_hour),
      time_zone: String(data.get("time_zone") ?? doc.time_zone),
      email_failing_since: doc.email_failing_since,
    };
    try {
      const saved = /** @type {NotificationSettings} */ (await call("PUT", "/v1/me/notification-settings", { body: next }));
      Object.assign(doc, saved);
      keep(zoneKey);
      zoneSelect.removeAttribute("aria-describedby");
      zoneNote?.remove();
      status.textContent = t.settings.notificationsSaved;
    } catch (e) {
      refusal(problem, e);
    }
  });
  replace(
    box,
    title,
    doc.email_failing_since == null
      ? null
      : h("p", { class: "notice", role: "status", id: "email-failing" }, t.settings.emailFailing(when(doc.email_failing_since))),
    h("p", {}, t.settings.notificationsIntro),
    f,
    status,
    problem,
  );
  return box;
}

/** @param {string} key whether this browser saved the account's notification settings once */
function stored(key) {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/** @param {string} key */
function keep(key) {
  try {
    localStorage.setItem(key, "yes");
  } catch {
    // Nothing kept (private mode): the browser's zone is proposed again next time.
  }
}

/**
 * This device's preferences (prefs.js), each kept as soon as it is changed: confirming moves,
 * the alert when it becomes my turn, and the colours (applied at once).
 */
function deviceSection() {
  const status = h("p", { role: "status", id: "device-status" });
  const said = () => {
    status.textContent = "";
    // Said again after each change, so that a screen reader hears it each time.
    requestAnimationFrame(() => (status.textContent = t.device.saved));
  };
  const confirm = /** @type {HTMLInputElement} */ (
    h("input", {
      type: "checkbox",
      name: "confirm_moves",
      checked: confirmMoves(),
      "aria-describedby": "confirm-moves-hint",
      onchange: () => {
        setConfirmMoves(confirm.checked);
        said();
      },
    })
  );
  const alert = /** @type {HTMLSelectElement} */ (
    h(
      "select",
      {
        name: "turn_alert",
        onchange: () => {
          const v = alert.value;
          setTurnAlert(v === "sound" || v === "vibrate" || v === "both" ? v : "off");
          said();
        },
      },
      /** @type {const} */ (["off", "sound", "vibrate", "both"]).map((a) => h("option", { value: a, selected: turnAlert() === a }, t.device.alerts[a])),
    )
  );
  const colours = /** @type {HTMLSelectElement} */ (
    h(
      "select",
      {
        name: "theme",
        onchange: () => {
          const v = colours.value;
          setTheme(v === "light" || v === "dark" ? v : "system");
          said();
        },
      },
      /** @type {const} */ (["system", "light", "dark"]).map((c) => h("option", { value: c, selected: theme() === c }, t.device.themes[c])),
    )
  );
  return h(
    "section",
    { class: "card-form device", "aria-labelledby": "device-title" },
    h("h2", { id: "device-title" }, t.device.title),
    h("p", {}, t.device.intro),
    h("label", { class: "check" }, confirm, ` ${t.device.confirmMoves}`),
    h("p", { class: "form-note", id: "confirm-moves-hint" }, t.device.confirmMovesHint),
    h("label", {}, t.device.turnAlert, alert),
    h("label", {}, t.device.theme, colours),
    status,
  );
}

/**
 * The IANA time zones the browser knows, the saved one first among them if it is missing.
 * @param {string} saved
 */
function timeZones(saved) {
  /** @type {string[]} */
  let zones = [];
  try {
    const intl = /** @type {{supportedValuesOf?: (key: string) => string[]}} */ (/** @type {unknown} */ (Intl));
    zones = intl.supportedValuesOf?.("timeZone") ?? [];
  } catch {
    zones = [];
  }
  const all = new Set(["UTC", ...zones]);
  all.add(saved);
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (local) all.add(local);
  return [...all].sort((a, b) => (a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b)));
}

/**
 * Days left, the vacation under way (end it early), or a form to start one.
 * @param {Reach} me
 */
function vacationSection(me) {
  const box = h("section", { class: "card-form vacation", "aria-labelledby": "vacation-title" });
  const status = h("p", { role: "status", id: "vacation-status" });
  const problem = h("p", { class: "form-error", role: "alert", id: "vacation-problem" });
  const render = () => {
    const v = me.vacation;
    const title = h("h2", { id: "vacation-title" }, t.settings.vacationTitle);
    if (v === undefined) {
      replace(box, title, h("p", {}, t.settings.vacationUnavailable));
      return;
    }
    if (v.until !== null) {
      const end = h(
        "button",
        {
          type: "button",
          class: "danger",
          onclick: async () => {
            problem.textContent = "";
            try {
              const r = /** @type {VacationEnded} */ (await call("DELETE", "/v1/me/vacation"));
              me.vacation = { days_left: r.days_left, until: null };
              render();
              status.textContent = t.settings.vacationEnded(r.returned_days);
            } catch (e) {
              refusal(problem, e);
            }
          },
        },
        t.settings.endVacation,
      );
      replace(box, title, h("p", { class: "notice" }, t.settings.onVacation(when(v.until))), h("p", {}, t.settings.daysLeft(v.days_left)), end, status, problem);
      return;
    }
    const days = h("input", {
      name: "days",
      type: "number",
      // No `max`: the server says, in words, when the days left do not cover it.
      min: 1,
      value: Math.min(7, Math.max(1, v.days_left)),
      required: true,
      "aria-describedby": "vacation-problem",
    });
    const f = h(
      "form",
      { "aria-labelledby": "vacation-title" },
      h("label", {}, t.settings.vacationDays, days),
      h("button", { type: "submit", class: "primary" }, t.settings.startVacation),
    );
    f.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      problem.textContent = "";
      status.textContent = "";
      try {
        const r = /** @type {VacationStarted} */ (
          await call("POST", "/v1/me/vacation", { body: { days: Number(/** @type {HTMLInputElement} */ (days).value) } })
        );
        me.vacation = { days_left: r.days_left, until: r.until };
        render();
        status.textContent = t.settings.vacationStarted;
      } catch (e) {
        refusal(problem, e);
      }
    });
    replace(box, title, h("p", {}, t.settings.vacationIntro), h("p", {}, t.settings.daysLeft(v.days_left)), f, status, problem);
  };
  render();
  return box;
}

/**
 * "Forgot password?": asks for a reset link; the answer is the same whatever the address.
 * @param {HTMLElement} main
 */
export function showForgotPassword(main) {
  document.title = t.pageTitle(t.settings.forgotTitle);
  const status = h("p", { role: "status", id: "forgot-status" });
  const problem = h("p", { class: "form-error", role: "alert", id: "forgot-problem" });
  const input = h("input", { name: "email", type: "email", autocomplete: "email", required: true, "aria-describedby": "forgot-problem" });
  const f = h(
    "form",
    { class: "card-form", "aria-labelledby": "forgot-title" },
    h("h1", { id: "forgot-title" }, t.settings.forgotTitle),
    h("p", {}, t.settings.forgotIntro),
    h("label", {}, t.settings.emailLabel, input),
    h("button", { type: "submit", class: "primary" }, t.settings.sendResetLink),
    status,
    problem,
    h("p", {}, h("a", { href: "#/signin" }, t.settings.backToSignIn)),
  );
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    status.textContent = "";
    problem.textContent = "";
    try {
      await call("POST", "/v1/auth/password-reset", { body: { email: /** @type {HTMLInputElement} */ (input).value.trim() }, auth: false });
      status.textContent = t.settings.resetLinkSent;
    } catch (e) {
      refusal(problem, e);
    }
  });
  replace(main, h("section", { class: "auth mail-link" }, f));
}

/**
 * A reset link: a new password for the account, then sign in with it.
 * @param {HTMLElement} main
 * @param {string} token
 */
export function showResetPassword(main, token) {
  document.title = t.pageTitle(t.settings.resetTitle);
  const status = h("p", { role: "status", id: "reset-status" });
  const problem = h("p", { class: "form-error", role: "alert", id: "reset-problem" });
  const input = h("input", { name: "new_password", type: "password", autocomplete: "new-password", required: true, "aria-describedby": "reset-ends reset-problem" });
  const button = h("button", { type: "submit", class: "primary" }, t.settings.setPassword);
  const f = h(
    "form",
    { class: "card-form", "aria-labelledby": "reset-title" },
    h("h1", { id: "reset-title" }, t.settings.resetTitle),
    h("p", { id: "reset-ends", class: "form-note" }, t.settings.resetEnds),
    h("label", {}, t.newPasswordHint, input),
    button,
    status,
    problem,
  );
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    status.textContent = "";
    problem.textContent = "";
    try {
      await call("POST", "/v1/auth/password-reset/confirm", {
        body: { token, new_password: /** @type {HTMLInputElement} */ (input).value },
        auth: false,
      });
      replace(
        f,
        h("h1", { id: "reset-title" }, t.settings.resetTitle),
        h("p", { role: "status", id: "reset-status" }, t.settings.passwordSet),
        h("p", {}, h("a", { href: "#/signin", class: "button primary" }, t.signIn)),
      );
    } catch (e) {
      refusal(problem, e);
      // A dead link stays dead: offer a new one instead of the form.
      if (e instanceof ApiError && (e.code === "token_expired" || e.code === "token_not_found")) {
        button.remove();
        f.append(h("p", {}, h("a", { href: "#/forgot-password" }, t.settings.askNewLink)));
      }
    }
  });
  replace(main, h("section", { class: "auth mail-link" }, f));
}

/**
 * A verification link, followed while signed in.
 * @param {HTMLElement} main
 * @param {string} token
 */
export async function showVerifyEmail(main, token) {
  document.title = t.pageTitle(t.settings.verifyTitle);
  const result = h("p", { role: "status", id: "verify-result" }, t.loading);
  replace(
    main,
    h(
      "section",
      { class: "card-form mail-link", "aria-labelledby": "verify-title" },
      h("h1", { id: "verify-title" }, t.settings.verifyTitle),
      result,
      h("p", {}, h("a", { href: "#/settings" }, t.settings.toSettings)),
    ),
  );
  try {
    const me = /** @type {Reach} */ (await call("POST", "/v1/me/email/verify", { body: { token } }));
    result.textContent = t.settings.verifiedNow(me.email ?? "");
  } catch (e) {
    result.setAttribute("role", "alert");
    result.className = "form-error";
    refusal(result, e);
  }
}

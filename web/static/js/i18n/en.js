// The English catalogue: every string a person reads in the web client. fr.js has the same keys
// (tsc checks it against `Messages`, and web/tests/i18n.mjs compares both, key by key).
// Figures go through format.js (Intl).

import { count, list, num, plural } from "../format.js";

/** "1st", "2nd", "3rd", "4th": English ordinals through `Intl.PluralRules`. */
const ordinals = new Intl.PluralRules("en", { type: "ordinal" });
/** @type {Record<string, string>} */
const suffixes = { one: "st", two: "nd", few: "rd", other: "th" };
/** @param {number} n */
const ordinal = (n) => `${num(n)}${suffixes[ordinals.select(n)] ?? "th"}`;

/** How the page names its own player: "morag (you)". */
const YOU = " (you)";
/**
 * A possessive: "morag's", and "your" for the page's own player, never "morag (you)'s".
 * @param {string} who a name, perhaps with YOU
 */
const of = (who) => (who.endsWith(YOU) ? "your" : `${who}'s`);
/** @param {string} who */
const Of = (who) => (who.endsWith(YOU) ? "Your" : `${who}'s`);
/** @param {string} who */
const toWhom = (who) => (who.endsWith(YOU) ? "you" : who);

const messages = {
  lang: "en",
  // The switch offers the other language, named in that language.
  switchTo: "Français",
  switchLang: /** @type {"en" | "fr"} */ ("fr"),
  switchLabel: "Lire en français",

  app: "Lords of Scotland",
  description: "Play Lords of Scotland in the browser: rally clans, win Supporters.",
  skip: "Skip to the content",
  loading: "Loading…",
  rules: "Rules",
  rulesHref: "/rules",
  api: "API",
  /** @param {string} screen */
  pageTitle: (screen) => `${screen} — Lords of Scotland`,
  yourMoveTitle: "● Your move — Lords of Scotland",
  navAccount: "Account",
  signIn: "Sign in",
  lobby: "Lobby",
  signOut: "Sign out",
  /** @param {string} name */
  accountOf: (name) => `Account of ${name}`,
  /** @param {number} status */
  httpError: (status) => `The server answered HTTP ${num(status)}.`,

  // Sign in and account
  tagline: "Rally the clans, win the Supporters. Sign in or create an account to play.",
  username: "Username",
  password: "Password",
  createAccountTitle: "Create an account",
  newPasswordHint: "Password (8 or more characters)",
  createAccount: "Create account",
  account: "Account",
  /** @param {string} name */
  accountTitle: (name) => `Account: ${name}`,
  changePassword: "Change password",
  currentPassword: "Current password",
  newPassword: "New password",
  passwordChangeEnds:
    "Changing your password signs out every session, this one included, and ends every app you allowed and every personal token. This one signs in again with the new password.",
  passwordChanged: "Password changed. Your other sessions, apps and personal tokens are ended.",

  // Lobby
  loadingGames: "Loading games…",
  awaitingYou: "Awaiting you",
  yourGames: "Your games",
  openGames: "Open games",
  /**
   * @param {string} title
   * @param {number} n
   */
  listTitle: (title, n) => `${title} (${num(n)})`,
  none: "None.",
  /** @param {string} why */
  gamesNotLoaded: (why) => `The games could not be loaded: ${why}`,
  nobodyYet: "nobody yet",
  /**
   * @param {number} players
   * @param {number} target
   * @param {boolean} bruce
   */
  gameWhat: (players, target, bruce) =>
    `${num(players)} players, to ${num(target)}${bruce ? ", with Bruce" : ""}`,
  /** @param {string} when */
  updated: (when) => `updated ${when}`,
  status: {
    open: "open",
    active: "active",
    finished: "finished",
    abandoned: "abandoned",
  },
  newGame: "New game",
  players: "Players",
  powerRule: "Power rule",
  ruleDefault: "Default for the player count",
  ruleLowestStrength: "Lowest strength",
  ruleLowestInClan: "Lowest in clan",
  targetScore: "Target score",
  includeBruce: "Include Bruce",
  createGame: "Create game",
  goTitle: "Open a game by link or id",
  goLabel: "Game link or id",
  goButton: "Open game",

  // Cards
  clanPowers: {
    forsyth: "Draw a card",
    makgill: "Muster another Follower",
    macdonnell: "Keep for another skirmish",
    cochrane: "Claim two Supporters",
    cockburn: "Swap with a Supporter",
    fergusson: "Swap with another Follower",
    scott: "Copy another Follower's power",
    wemyss: "Discard another Follower",
    bruce: "Counts as any clan",
  },
  /** @param {number} id */
  cardUnknown: (id) => `card ${num(id)}`,
  /**
   * @param {string} name
   * @param {number} rank
   * @param {string} power
   * @param {string} note
   */
  cardLabel: (name, rank, power, note) => `${name}, rank ${num(rank)}: ${power}${note ? ` (${note})` : ""}`,

  // Table
  loadingGame: "Loading the game…",
  /** @param {string} why */
  gameNotLoaded: (why) => `The game could not be loaded: ${why}`,
  /** @param {number} n */
  seat: (n) => `seat ${num(n)}`,
  /** @param {string} name */
  you: (name) => `${name}${YOU}`,
  /** The table's heading: the players, in seat order. @param {string[]} names */
  gameTitle: (names) => names.join(" · "),
  /**
   * @param {string} id
   * @param {number} target
   */
  tableMeta: (id, target) => `First to ${num(target)} points · game ${id}`,
  gameLinks: "Game links",
  backToLobby: "Back to the lobby",
  auditThisGame: "Audit this game",
  /**
   * @param {number} seated
   * @param {number} of
   */
  waitingForPlayers: (seated, of) => `Waiting for players: ${num(seated)} of ${num(of)} seated.`,
  /** @param {number} v */
  notStartedAt: (v) => `Version ${num(v)}: the game had not started.`,
  /**
   * @param {string[]} winners
   * @param {string} scores
   */
  gameOver: (winners, scores) => `Game over: ${list(winners)} won. Scores: ${scores}.`,
  /**
   * @param {string} who
   * @param {number} score
   */
  scoreOf: (who, score) => `${who} ${num(score)}`,
  /**
   * @param {number} skirmish
   * @param {number} turn
   * @param {string} initiative
   */
  where: (skirmish, turn, initiative) =>
    `Skirmish ${num(skirmish)}, turn ${num(turn)}. Initiative: ${initiative}.`,
  /** @param {string} decision */
  yourDecision: (decision) => `Your decision: ${decision}.`,
  /**
   * @param {string} who
   * @param {string} decision
   */
  waitingFor: (who, decision) => `Waiting for ${who}: ${decision}.`,
  /**
   * @param {number} v
   * @param {number} of
   */
  lookingBack: (v, of) => `Looking back at version ${num(v)} of ${num(of)}.`,
  faceDown: "face-down",
  /** @param {string} clan */
  powerActive: (clan) => `${clan} power active`,
  kept: "kept",
  /** @param {string} what */
  copyPowerOf: (what) => `Copy the power of ${what}`,
  /** @param {string} what */
  take: (what) => `Take ${what}`,
  /** @param {string} what */
  discard: (what) => `Discard ${what}`,
  aFaceDownFollower: "a face-down follower",
  /**
   * @param {string} action
   * @param {string} owner
   * @param {number} position
   */
  armyTarget: (action, owner, position) => `${action} (${of(owner)} army, position ${num(position)})`,
  /** @param {number} position */
  faceDownFollower: (position) => `Face-down follower (position ${num(position)})`,
  yourSide: "Your side",
  /** @param {string} name */
  sideOf: (name) => `${name}'s side`,
  initiative: "Initiative",
  toDecide: "To decide",
  /**
   * @param {number} score
   * @param {number} cards
   */
  sideMeta: (score, cards) => `Score ${num(score)} · ${count(cards, "card", "cards")} in hand`,
  army: "Army",
  yourArmy: "Your army",
  /** @param {string} name */
  armyOf: (name) => `${name}'s army`,
  noFollowers: "No followers yet.",
  /**
   * @param {number} n
   * @param {number} points
   */
  victoryPile: (n, points) =>
    `Victory pile: ${count(n, "supporter", "supporters")}, ${count(points, "point", "points")}`,
  yourHand: "Your hand",
  /** @param {string} name */
  handOf: (name) => `${name}'s hand`,
  /** @param {string} card */
  claim: (card) => `Claim ${card}`,
  /** @param {string} card */
  swapFor: (card) => `Swap for ${card}`,
  aFaceDownCard: "a face-down card",
  nothing: "nothing",
  /** @param {number} slot */
  slotEmpty: (slot) => `Slot ${num(slot)}: empty`,
  /**
   * @param {string} what
   * @param {number} slot
   */
  recruitFrom: (what, slot) => `Recruit ${what} from slot ${num(slot)}`,
  /** @param {number} slot */
  slotNote: (slot) => `slot ${num(slot)}`,
  /** @param {number} slot */
  slotFaceDown: (slot) => `Slot ${num(slot)}: a face-down card`,
  middle: "The middle of the table",
  supporterRow: "Supporter row",
  recruits: "Recruits",
  /** @param {number} n */
  drawPile: (n) => `Draw pile: ${count(n, "card", "cards")}`,
  /**
   * @param {number} n
   * @param {string | null} top
   */
  discardPile: (n, top) => `Discard pile: ${count(n, "card", "cards")}${top !== null ? `, top ${top}` : ""}`,
  hints: {
    turn: "Choose a card of your hand to muster, a recruit to take, or pass.",
    makgill_muster: "Choose one more card of your hand to muster.",
    scott_copy: "Choose the face-up follower whose power your Scott copies.",
    fergusson_swap: "Choose the opponent's follower to take.",
    wemyss_discard: "Choose the follower to discard.",
    cockburn_swap: "Choose the Supporter to swap in.",
    claim_supporter: "Choose the Supporter to claim.",
  },
  yourDecisionPanel: "Your decision",
  /** @param {string} card */
  musterCard: (card) => `Muster ${card}`,
  musterFaceDown: "Muster face-down",
  musterFaceUpPower: "Muster face-up and use its power",
  musterFaceUp: "Muster face-up",
  cancel: "Cancel",
  pass: "Pass",
  lastSkirmish: "Last skirmish",
  /**
   * @param {string} who
   * @param {number} strength
   * @param {boolean} doubled
   */
  strengthOf: (who, strength, doubled) => `${who}: strength ${num(strength)}${doubled ? " (doubled)" : ""}`,
  /** @param {string[]} places */
  placement: (places) => `Placement: ${places.join(", ")}`,
  /**
   * @param {number} n
   * @param {string} who
   */
  place: (n, who) => `${num(n)}. ${who}`,
  /** @param {string[]} claims */
  claims: (claims) => `Claims: ${claims.join("; ")}.`,
  /**
   * @param {string} who
   * @param {string} card
   */
  took: (who, card) => `${who} took ${card}`,
  joinThisGame: "Join this game",
  leaveThisGame: "Leave this game",
  inviteByLink: "Invite by link",
  history: "History",
  /**
   * @param {number} v
   * @param {number} of
   */
  historyLabel: (v, of) => `History: version ${num(v)} of ${num(of)}`,
  /**
   * @param {number} v
   * @param {number} of
   */
  historyValue: (v, of) => `version ${num(v)} of ${num(of)}`,
  backToNow: "Back to now",
  log: "Log",
  gameLog: "Game log",
  noEvents: "No events yet.",
  eventsNewestFirst: "Events, newest first",

  // The event log in words
  decisions: {
    turn: "recruit, muster or pass",
    makgill_muster: "muster another follower (Makgill)",
    cockburn_swap: "swap a follower with a Supporter (Cockburn)",
    fergusson_swap: "swap a follower with an opponent's (Fergusson)",
    wemyss_discard: "discard a follower (Wemyss)",
    scott_copy: "choose a power to copy (Scott)",
    claim_supporter: "claim a Supporter",
  },
  ev: {
    /**
     * @param {number} players
     * @param {number} target
     * @param {string} who
     */
    gameStarted: (players, target, who) =>
      `The game started: ${num(players)} players, first to ${num(target)}; ${who} holds the initiative.`,
    /**
     * @param {number} size
     * @param {string} commitment
     */
    deckShuffled: (size, commitment) => `A deck of ${count(size, "card", "cards")} was shuffled (commitment ${commitment}…).`,
    /**
     * @param {string} who
     * @param {number} n
     */
    handDealt: (who, n) => `${who} was dealt ${count(n, "card", "cards")}.`,
    /**
     * @param {number} n
     * @param {string} who
     */
    skirmishStarted: (n, who) => `Skirmish ${num(n)} began; ${who} holds the initiative.`,
    /**
     * @param {string | null} card
     * @param {number} slot
     */
    recruitDealt: (card, slot) =>
      `A recruit was dealt ${card !== null ? `face-up: ${card}` : "face-down"} in slot ${num(slot)}.`,
    /** @param {string} card */
    supporterDealt: (card) => `${card} joined the Supporter row.`,
    supportersDiscarded: "The Supporter row all had one strength and was discarded.",
    /**
     * @param {number} turn
     * @param {string} who
     */
    turnStarted: (turn, who) => `Turn ${num(turn)}: ${who} to act.`,
    /**
     * @param {number} slot
     * @param {string} card
     */
    recruitRevealed: (slot, card) => `The recruit in slot ${num(slot)} was turned up: ${card}.`,
    /**
     * @param {string} who
     * @param {string | null} card
     * @param {number} slot
     */
    recruited: (who, card, slot) => `${who} recruited ${card ?? "a face-down card"} from slot ${num(slot)}.`,
    /**
     * @param {string} who
     * @param {string} card
     * @param {boolean} power
     */
    musteredUp: (who, card, power) => `${who} mustered ${card} face-up${power ? " and used its power" : ""}.`,
    /** @param {string} who */
    musteredDown: (who) => `${who} mustered a face-down card.`,
    /** @param {string} who */
    passed: (who) => `${who} passed.`,
    /**
     * @param {string} who
     * @param {string} clan
     * @param {number} position
     */
    powerActivated: (who, clan, position) => `${Of(who)} ${clan} power is active (follower ${num(position)}).`,
    /** @param {string} who */
    cardDrawn: (who) => `${who} drew a card.`,
    /**
     * @param {string} who
     * @param {string} clan
     */
    powerCopied: (who, clan) => `${Of(who)} Scott copied the ${clan} power.`,
    /**
     * @param {string} who
     * @param {string} decision
     */
    decisionRequested: (who, decision) => `${who} must decide: ${decision}.`,
    /**
     * @param {string} who
     * @param {string} given
     * @param {string} supporter
     */
    supporterSwapped: (who, given, supporter) => `${who} swapped ${given} for the Supporter ${supporter}.`,
    /**
     * @param {string} who
     * @param {string} given
     * @param {string} other
     * @param {string | null} taken
     */
    followersSwapped: (who, given, other, taken) =>
      `${who} gave ${given} to ${other} for ${taken ?? "a face-down follower"}.`,
    /**
     * @param {string} who
     * @param {string} owner
     * @param {string} card
     */
    followerDiscarded: (who, owner, card) => `${who} discarded ${of(owner)} ${card}.`,
    /** @param {number} n */
    followersRevealed: (n) => `Every face-down follower was revealed (${num(n)}).`,
    /** @param {string[]} armies */
    armiesScored: (armies) => `Armies: ${armies.join(", ")}.`,
    /**
     * @param {string} who
     * @param {number} strength
     * @param {boolean} doubled
     */
    army: (who, strength, doubled) => `${who} ${num(strength)}${doubled ? ` (${num(strength / 2)}\u00a0×\u00a02)` : ""}`,
    /**
     * @param {string} who
     * @param {string} card
     */
    supporterClaimed: (who, card) => `${who} claimed ${card}.`,
    /**
     * @param {number} n
     * @param {number} discarded
     */
    skirmishEnded: (n, discarded) =>
      `Skirmish ${num(n)} ended; ${count(discarded, "card was", "cards were")} discarded.`,
    /**
     * @param {string[]} winners
     * @param {number[]} scores
     */
    gameEnded: (winners, scores) => `The game is over: ${list(winners)} won (${scores.map(num).join(" – ")}).`,
    /** @param {string} who */
    seatResigned: (who) => `${who} resigned; a bot plays on for them.`,
    /**
     * @param {string} who
     * @param {number} n
     */
    timedOut: (who, n) => `${who} ran out of time (${num(n)} in a row); a bot decided for them.`,
    /** @param {string} who */
    seatAbandoned: (who) => `${who} has timed out too often and is out of the game.`,
    /**
     * @param {string} who
     * @param {string} level
     */
    botActed: (who, level) => `A ${level} bot plays for ${toWhom(who)}:`,
    /** @param {string} who a bot in its own seat */
    botPlays: (who) => `${who} plays:`,
    /** @param {string} who */
    timeoutsCleared: (who) => `${who} is back.`,
    /**
     * @param {string} who
     * @param {string} until
     */
    seatAway: (who, until) => `${who} is on vacation until ${until}; their clock is paused.`,
    /** @param {string} who */
    seatBack: (who) => `${who} is back from vacation.`,
    /** @param {string} type */
    unknown: (type) => `Something happened (${type}).`,
  },

  // Audit
  backToGame: "Back to the game",
  audit: {
    title: "Audit — Lords of Scotland",
    /** @param {string} id */
    of: (id) => `Audit of game ${id}`,
    intro:
      "Your browser checks this game's record by itself, from the record, the log's public key and the receipts it kept while you played, without taking the server's word for anything.",
    checking: "Checking…",
    links: "Audit links",
    unfinished: "The game is not over: its record is shown once it is.",
    checks: "What your browser checked",
    verified: "Verified: every check below passed.",
    verifiedNotLogged: "Verified so far: the record holds together, but it is not in the public log yet.",
    notVerified: "Not verified.",
    /**
     * @param {number} events
     * @param {number} shuffles
     */
    chainOk: (events, shuffles) =>
      `The hash chain holds: ${count(events, "event chained", "events chained")}, ${shuffles === 1 ? "1 shuffle matches its commitment" : `${num(shuffles)} shuffles match their commitments`}.`,
    /**
     * @param {number} seq
     * @param {string} why
     */
    chainBad: (seq, why) => `The record does not match its hash chain at event ${num(seq)}: ${why}.`,
    why: {
      missing: "it is missing",
      noHash: "it has no hash",
      noLink: "it does not link to the event before it",
      badHash: "its hash does not match its content",
      notRevealed: "its shuffle is not revealed",
      wrongSize: "its shuffle has the wrong size",
      badCommitment: "its shuffle does not match its commitment",
      badHead: "the record's final head is not its last event",
    },
    /**
     * @param {number} size
     * @param {number} leaf
     * @param {string} signed when the head was signed
     */
    logged: (size, leaf, signed) =>
      `In the public log at size ${num(size)} (signed): the inclusion path of the game's leaf (index ${num(leaf)}) leads to the tree head the log's key signed on ${signed}.`,
    notLogged: "Not in the public log yet: a finished game is added within seconds. Check again in a moment.",
    logBadProof: "The log proof does not lead to the signed head: this record is not the game the public log holds.",
    logBadSignature: "The log's tree head is not signed by the log's key.",
    /** @param {number} n */
    receiptsOk: (n) =>
      n === 1
        ? "Your receipt matches this history: its commitment recomputed from the record's salt, signed by the log's key."
        : `Your ${num(n)} receipts match this history: each commitment recomputed from the record's salt, each signed by the log's key.`,
    receiptsNone:
      "This browser holds no receipt of this game: receipts are kept for the games you play, in the browser you play them in.",
    /** @param {number} version */
    receiptBad: (version) =>
      `Your receipt for version ${num(version)} does not match this history: the server showed you a different history.`,
    /** @param {number} version */
    receiptBadSignature: (version) => `Your receipt for version ${num(version)} is not signed by the log's key.`,
    /** @param {number} version */
    receiptNoSalt: (version) =>
      `This record has no salt, yet you hold a receipt for version ${num(version)}: the server showed you a different history.`,
    finalHash: "Final hash: ",
    key: "The log's public key, as this server gives it (compare it with a copy from a source you trust): ",
    again: "Check again",
    /** @param {string} why */
    notRead: (why) => `The record could not be read: ${why}`,
    noEd25519: "This browser cannot check the log's Ed25519 signatures: use a recent browser, or lords verify.",
  },

  // Clocks, resigning and bots
  clock: "Time per decision",
  clocks: {
    none: "No clock",
    hour: "1 hour",
    day: "1 day",
    days3: "3 days",
    week: "7 days",
  },
  opponents: "Other seats",
  /** @param {number} n */
  otherSeat: (n) => `Seat ${num(n)}`,
  seatPerson: "A person who joins",
  /** @param {string} level */
  seatBot: (level) => `Bot (${level})`,
  botLevels: {
    random: "random",
    greedy: "greedy",
    mcts: "MCTS, the strongest",
  },
  privateGame: "Private (by invitation only)",
  ratedGame: "Rated (changes ratings)",
  /**
   * @param {string} rel
   * @param {string} abs
   */
  deadline: (rel, abs) => `Deadline ${rel} (${abs}).`,
  /** @param {string} abs */
  deadlinePassed: (abs) => `Deadline passed (${abs}): a bot decides any moment now.`,
  /** @param {string} rel */
  decideBy: (rel) => `decide ${rel}`,
  noClock: "No clock: take your time.",
  resign: "Resign",
  resignQuestion: "Resign this game? You cannot win it any more; a bot plays your seat to the end.",
  resignQuestionEnds: "Resign this game? It ends at once: the only other player left in it wins.",
  resignYes: "Yes, resign",
  resignNo: "Keep playing",
  /** @param {string} level */
  botBadge: (level) => `bot: ${level}`,
  resignedBadge: "resigned",
  /** @param {number} n */
  timeoutsBadge: (n) => count(n, "timeout", "timeouts"),
  ranking: "Ranking",
  /**
   * @param {number} place
   * @param {string} who
   * @param {number} score
   * @param {boolean} resigned
   */
  rankLine: (place, who, score, resigned) =>
    `${num(place)}. ${who}: ${count(score, "point", "points")}${resigned ? " (resigned)" : ""}`,

  // Invitations, joining by code, rematch
  seats: "Seats",
  freeSeat: "free",
  invitePlayers: "Invite players",
  inviteByUsername: "Invite by username",
  usernameToInvite: "Username to invite",
  invite: "Invite",
  /** @param {string} name */
  invitedUser: (name) => `${name} is invited: the invitation is in their lobby.`,
  makeInviteLink: "Make an invitation link",
  invitationLink: "Invitation link",
  copyLink: "Copy link",
  linkCopied: "Link copied.",
  linkSelected: "The link is selected: copy it.",
  invitations: "Invitations",
  /** @param {string} name */
  invitedBy: (name) => `invited by ${name}`,
  /** @param {string} rel */
  expires: (rel) => `expires ${rel}`,
  joinByCode: "Join by invitation code",
  invitationLinkOrCode: "Invitation link or code",
  joinButton: "Join",
  notAnInvitation: "This is not an invitation link: paste the whole link you were sent.",
  /** @param {string} id */
  invitationTo: (id) => `Invitation to game ${id}`,
  invitationIntro: "You were sent a link to a game: join it to take a seat.",
  rematch: "Rematch",
  goToRematch: "Go to the rematch",

  // Settings: the address, notifications by mail and push, the vacation; mailed links
  settings: {
    title: "Settings",
    navLink: "Settings",
    toAccount: "Password, push and account deletion",
    toSettings: "Go to the settings",
    addressTitle: "Email address",
    emailLabel: "Email address",
    noAddress: "No address yet: set one to be told by mail when it is your turn.",
    /** @param {string} email */
    verified: (email) => `${email} is verified.`,
    /** @param {string} email */
    unverified: (email) => `${email} is not verified yet: follow the link mailed to it.`,
    saveAddress: "Save address",
    resend: "Send the link again",
    /** @param {string} email */
    linkSent: (email) => `A verification link is on its way to ${email}. It works for 24 hours.`,
    addressSaved: "Address saved.",
    notificationsTitle: "Notifications",
    notificationsIntro: "What to be told, and how. Mail goes to a verified address only; a digest is one mail a day listing every game awaiting you.",
    /** @param {string} why */
    notificationsUnavailable: (why) => `The notification settings could not be loaded: ${why}`,
    kindHeader: "When",
    emailHeader: "Email",
    pushHeader: "Push",
    kinds: {
      your_turn: "It is my turn",
      reminder: "My time runs out",
      invited: "I am invited",
      game_over: "A game ends",
      chat: "A message at the table",
    },
    emailChoice: {
      immediately: "At once",
      digest: "In the digest",
      off: "Off",
    },
    /** @param {string} kind */
    emailFor: (kind) => `Email: ${kind}`,
    /** @param {string} kind */
    pushFor: (kind) => `Push: ${kind}`,
    digestHour: "Digest sent at",
    /** @param {number} n */
    hour: (n) => `${String(n).padStart(2, "0")}:00`,
    timeZone: "Time zone",
    saveNotifications: "Save notifications",
    notificationsSaved: "Notifications saved.",
    /** @param {string} since */
    emailFailing: (since) => `Mail to your address has been failing since ${since}: check the address, or set another.`,
    vacationTitle: "Vacation",
    vacationIntro: "While you are away, the clocks of your games stop and mails stop; your opponents are told. You earn a day every week, up to 30.",
    vacationUnavailable: "Vacations are not available on this server yet.",
    /** @param {number} n */
    daysLeft: (n) => `Vacation days left: ${num(n)}`,
    vacationDays: "Days away",
    startVacation: "Start vacation",
    vacationStarted: "Your vacation has started: your clocks are paused.",
    /** @param {string} until */
    onVacation: (until) => `You are on vacation until ${until}. Your clocks are paused.`,
    endVacation: "End vacation now",
    /** @param {number} n */
    vacationEnded: (n) => `Welcome back: ${count(n, "unused day", "unused days")} returned.`,
    forgotLink: "Forgot password?",
    forgotTitle: "Forgot password",
    forgotIntro: "Enter the address of your account: we mail it a link to set a new password, valid for an hour.",
    sendResetLink: "Send the link",
    resetLinkSent: "If an account has this address, a link is on its way to it.",
    backToSignIn: "Back to signing in",
    resetTitle: "Set a new password",
    setPassword: "Set password",
    resetEnds: "Setting a new password signs out every session, and ends every app you allowed and every personal token.",
    passwordSet: "Your password is set: every session is signed out, and every app and personal token is ended. Sign in with the new password.",
    askNewLink: "Ask for a new link",
    verifyTitle: "Verify your address",
    /** @param {string} email */
    verifiedNow: (email) => `${email} is verified. Mail will reach you there.`,
  },

  // Account deletion
  deleteAccount: "Delete account",
  deleteWarning: "Deleting your account is for good: your name leaves every game, your seats in games not started are given up, and you resign the games under way.",
  deleteAccountButton: "Delete my account…",
  deleteQuestion: "Delete your account for good? Enter your password to confirm.",
  passwordToDelete: "Your password",
  deleteYes: "Delete my account",
  deleteNo: "Keep my account",
  accountDeleted: "Your account was deleted, and you are signed out.",

  // Turn notifications (Web Push)
  pushTitle: "Turn notifications",
  pushOn: "Tell me when it is my turn",
  pushOff: "Stop telling me",
  pushStarted: "This browser will tell you when it is your turn, even with the page closed.",
  pushStopped: "This browser will not tell you any more.",
  pushUnavailable: "Turn notifications are not available in this browser.",
  pushBlocked: "Turn notifications are not available: notifications are blocked for this site in the browser's settings.",
  /** @param {string} why */
  pushFailed: (why) => `Turn notifications could not be switched on: ${why}`,
  pushYourTurn: "Your move",
  pushGameEnded: "A game of yours is over",
  pushInvited: "You are invited to a game",
  pushChat: "A new message at your table",
  pushBody: "Lords of Scotland: open the game.",

  // Lobby: names, results, the guide, the waiting room's bots, invitation links
  playShort: "Play",
  openShort: "Open",
  joinShort: "Join",
  acceptShort: "Accept and join",
  auditShort: "Audit",
  seeFinalTable: "See the final table",
  /** @param {string} id */
  gameRef: (id) => ` game ${id}`,
  /** @param {string} id */
  ofGame: (id) => ` of game ${id}`,
  /**
   * @param {number} place
   * @param {string} scores
   */
  youCame: (place, scores) => `You came ${ordinal(place)} · ${scores}`,
  /** @param {string} scores */
  finalScores: (scores) => `Final scores · ${scores}`,
  /** @param {string[]} names */
  wonBy: (names) => `Won by ${list(names)}`,
  learnTitle: "New to the game?",
  learnIntro: "Play a first game against the random bot, with hints at each decision.",
  learnButton: "Learn by playing",
  linkNotValid: "This invitation link is not valid: check that it was copied whole.",
  linkExpired: "This invitation has expired or was already used: ask for a new one.",
  badGameAddressTitle: "No such game address",
  badGameAddress: "This game's address is not valid: check that the link was copied whole.",
  botLevel: "Bot level",
  /** @param {number} n */
  forSeat: (n) => ` for seat ${num(n)}`,
  giveSeatToBot: "Give this seat to a bot",
  // The top of the table: the moves since my last decision, a skirmish's end, who is away, timeouts.
  news: {
    sinceTitle: "Since your last turn",
    /** @param {number} n */
    earlier: (n) => `${count(n, "earlier move", "earlier moves")} in the log below.`,
    /** @param {number} n */
    skirmishOver: (n) => `Skirmish ${num(n)} is over`,
    skirmishDetails: "Details below the board",
    /**
     * @param {string} who
     * @param {string} until
     */
    away: (who, until) => `${who} is on vacation until ${until}: their clock is paused.`,
    /**
     * @param {number} n
     * @param {number} most
     */
    timeoutsUsed: (n, most) => `Timeouts in a row: ${num(n)} of ${num(most)}.`,
    lastTimeout: "One more and your seat is abandoned: a bot plays it to the end.",
    /** @param {string} what */
    confirmQuestion: (what) => `${what}?`,
    confirm: "Confirm",
    stagedHint: "Not sent yet: confirm it, or cancel to choose again.",
    closePower: "Close",
    yourTurnAlert: "Your turn",
  },
  // The table explains itself: the last move, army strengths, the last skirmish's ties, powers.
  explain: {
    /** @param {string} text */
    lastMove: (text) => `Last move: ${text}`,
    lastMoveLabel: "Last move:",
    touched: "in the last move",
    /**
     * @param {string} who
     * @param {string | null} card
     */
    recruited: (who, card) => `${who} recruited ${card ?? "a face-down card"}`,
    /**
     * @param {string} who
     * @param {string | null} card
     * @param {boolean} power
     */
    mustered: (who, card, power) =>
      card === null ? `${who} mustered a face-down card` : `${who} mustered ${card}${power ? " and used its power" : ""}`,
    /** @param {string} who */
    passed: (who) => `${who} passed`,
    /**
     * @param {string} who
     * @param {string | null} owner `null`: the viewer's
     * @param {string | null} taken
     * @param {string} given
     */
    took: (who, owner, taken, given) =>
      `${who} took ${owner === null ? "your" : of(owner)} ${taken ?? "face-down follower"} with ${given}`,
    /**
     * @param {string} who
     * @param {string} given
     * @param {string} supporter
     */
    swappedSupporter: (who, given, supporter) => `${who} swapped ${given} for the Supporter ${supporter}`,
    /**
     * @param {string} who
     * @param {string | null} owner `null`: the viewer's
     * @param {string} card
     */
    discarded: (who, owner, card) => `${who} discarded ${owner === null ? "your" : of(owner)} ${card}`,
    /**
     * @param {string} who
     * @param {string} clan
     */
    copied: (who, clan) => `${Of(who)} Scott copied the ${clan} power`,
    /**
     * @param {string} who
     * @param {string} card
     */
    claimed: (who, card) => `${who} claimed ${card}`,
    /** @param {string} who */
    resigned: (who) => `${who} resigned`,
    /**
     * @param {string} text
     * @param {string} level
     */
    byBot: (text, level) => `${text} (a ${level} bot played)`,
    /** @param {number} n */
    moreEvents: (n) => count(n, "event", "events"),
    /**
     * @param {number} n
     * @param {boolean} doubled
     */
    strength: (n, doubled) => `Strength ${num(n)}${doubled ? ` (${num(n / 2)}\u00a0×\u00a02)` : ""}`,
    /**
     * @param {number} known
     * @param {number} hidden
     */
    strengthHidden: (known, hidden) => `Strength ${num(known)} + ${num(hidden)} hidden`,
    /**
     * @param {number} n
     * @param {boolean} doubled
     * @param {number} hidden
     */
    strengthSpoken: (n, doubled, hidden) =>
      hidden > 0
        ? `Strength ${num(n)}, plus ${count(hidden, "face-down card", "face-down cards")} you cannot see`
        : `Strength ${num(n)}${doubled ? `: ${num(n / 2)} doubled (one clan)` : ""}`,
    /** @param {number} n */
    skirmishTitle: (n) => `Last skirmish: skirmish ${num(n)}`,
    /**
     * @param {number} place
     * @param {string} who
     * @param {number} strength
     * @param {boolean} doubled
     */
    placeLine: (place, who, strength, doubled) =>
      `${num(place)}. ${who}: ${num(strength)}${doubled ? ` (${num(strength / 2)}\u00a0×\u00a02)` : ""}`,
    /**
     * @param {number} a
     * @param {number} b
     * @param {string} card
     * @param {string} over
     */
    tie: (a, b, card, over) => `${num(a)} – ${num(b)}: ${card} outranks ${over}`,
    claims: "Claims",
    noClaims: "No Supporter claimed yet.",
    finalArmy: "Final army",
    noArmyAtEnd: "No army in the last skirmish.",
    /** @param {string} card */
    powerOf: (card) => `What ${card} does`,
    /** @param {string} clan */
    powerTitle: (clan) => `The ${clan} power`,
    powerText: {
      forsyth: "Mustered face-up with its power, it makes you draw the top card of the draw pile into your hand at once, even past 10 cards.",
      makgill: "You muster one more card from your hand right away, face-up or face-down. Makgills can chain.",
      macdonnell: "At the end of the skirmish this card is not discarded: it stays face-up in its army for the next skirmish, its power spent.",
      cochrane: "At the end of the skirmish, the player holding it claims two Supporters instead of one.",
      cockburn: "Pick a Supporter: the Cockburn takes its place in the Supporter row, and the Supporter joins your army face-up.",
      fergusson: "Pick another player's Follower: the Fergusson goes face-up into that army and the chosen Follower comes into yours, keeping its facing.",
      scott: "Pick another face-up Follower that is not a Scott: the Scott uses that clan's power as its own.",
      wemyss: "Discard any other Follower of any army, yours too; everyone sees the discarded card.",
      bruce: "At the end of the skirmish it counts as whichever clan makes its army a single clan, which doubles its strength.",
    },
    powerWhen: "A power works only for a card mustered face-up from the hand, when it is eligible and you choose to use it.",
    moreInRules: "More in the rules",
    rulesPage: "/rules",
    choose: {
      /** @param {string} card */
      fergusson_swap: (card) => `${card}: choose a Follower to swap with`,
      /** @param {string} card */
      wemyss_discard: (card) => `${card}: choose a Follower to discard`,
      /** @param {string} card */
      scott_copy: (card) => `${card}: choose a face-up Follower whose power to copy`,
      /** @param {string} card */
      cockburn_swap: (card) => `${card}: choose a Supporter to swap with`,
    },
    eligible: "choose",
    previousVersion: "Previous version",
    nextVersion: "Next version",
  },
  // The table's chat (service rules §9.8).
  notes: {
    title: "My notes",
    private: "Private: only you see these. Your opponents never do, and nothing of the game shows them.",
    label: "Notes on this game",
    save: "Save notes",
    /** @param {number} n @param {number} max */
    count: (n, max) => `${num(n)}/${num(max)} characters`,
    loading: "Reading your notes…",
    /** @param {string} why */
    unreadable: (why) => `Your notes could not be read: ${why}`,
    waiting: "Not saved yet: saved when you stop typing.",
    saving: "Saving…",
    saved: "Saved",
    /** @param {string} why */
    notSaved: (why) => `Not saved: ${why}`,
    /** @param {number} max */
    tooLong: (max) => `the notes are longer than ${num(max)} characters. Shorten them and save again.`,
    badText: "they hold a character that cannot be kept (a control character such as a carriage return, or an invisible mark). Remove it and save again.",
    offline: "the server could not be reached. Your text is still here: save again in a moment.",
  },
  chat: {
    title: "Table talk",
    lines: "Lines said at the table, oldest first",
    empty: "Nothing said yet.",
    say: "Say something to the table",
    send: "Send",
    /** @param {number} n @param {number} max */
    count: (n, max) => `${num(n)}/${num(max)}`,
    /** @param {string} name */
    menuOf: (name) => `Actions on ${name}'s line`,
    /** @param {string} name */
    mute: (name) => `Mute ${name}`,
    report: "Report",
    reasonNeeded: "A report needs a reason.",
    reported: "Reported. Thank you: the operator will look at it.",
    /** @param {string} name */
    mutedNow: (name) => `${name} is muted: you will not see their lines.`,
    /** @param {string} name */
    unmutedNow: (name) => `${name} is no longer muted.`,
    /** @param {number} n */
    mutedList: (n) => `Muted players (${num(n)})`,
    unmute: "Unmute",
  },
  profiles: {
    leaderboard: "Leaderboard",
    boardHint: "Players and bots with 10 rated games or more, by rating.",
    boardEmpty: "Nobody has played 10 rated games yet.",
    rank: "Rank",
    player: "Player",
    rating: "Rating",
    ratedGames: "Rated games",
    played: "Games played",
    won: "Games won",
    joined: "Joined",
    botBadge: "bot",
    /** @param {number} r */
    provisionalRating: (r) => `${num(r)} (provisional)`,
    notFound: "No player has this name.",
    chartTitle: "Rating history",
    /**
     * @param {number} games
     * @param {number} rating
     */
    chartLabel: (games, rating) => `Rating over ${count(games, "rated game", "rated games")}, now ${num(rating)}`,
    chartStart: "start",
    /** @param {number} games */
    chartGames: (games) => count(games, "game", "games"),
    noRatedGames: "No rated game yet: the rating starts at 1500.",
    archive: "Finished games",
    noGames: "No finished game to show.",
    noMoreGames: "No more games.",
    olderGames: "Older games",
    nextPage: "Next page",
    firstPage: "First page",
    won1: "Won",
    lost1: "Lost",
    /** @param {number} n */
    points: (n) => `: ${count(n, "point", "points")}`,
    private: "private",
    rated: "rated",
    unrated: "unrated",
    /** @param {number} n */
    ratingChange: (n) => `rated, ${n >= 0 ? "+" : "−"}${num(Math.abs(n))}`,
    seeGame: "See the game",
  },

  // Matchmaking (service rules §9.10): quick play, seeks, challenges.
  match: {
    playNow: "Play now",
    playNowFor: "Play now:",
    playNowIntro: "Rated, 3 days per move, the base rules: you are seated with the next players who ask for the same.",
    /** @param {number} n */
    players: (n) => `${num(n)} players`,
    seekOpen: "Your seek is open: you are taken to the game as soon as it pairs.",
    seekCancelled: "Seek cancelled.",
    yourSeeks: "Your seeks",
    /** @param {string} what */
    yourSeek: (what) => `your seek: ${what}`,
    /** @param {string} when */
    made: (when) => `made ${when}`,
    cancel: "Cancel",
    openSeeks: "Open seeks",
    noOpenSeeks: "Nobody else is seeking a game right now.",
    /** @param {string} why */
    notLoaded: (why) => `The seeks and challenges could not be loaded: ${why}`,
    /** @param {number} r */
    provisional: (r) => `${num(r)}?`,
    provisionalTitle: "provisional rating: fewer than 10 rated games",
    /**
     * @param {number | null} min
     * @param {number | null} max
     */
    ratingRange: (min, max) =>
      min !== null && max !== null ? `ratings ${num(min)}–${num(max)}` : min !== null ? `ratings from ${num(min)}` : `ratings up to ${num(max ?? 0)}`,
    playSeek: "Play",
    /** @param {string} name */
    withName: (name) => `with ${name}`,
    seekWithOptions: "Seek a game with your options",
    seek: "Seek",
    rated: "Rated",
    ratingMin: "Lowest rating admitted",
    ratingMax: "Highest rating admitted",
    /** @param {string} clock */
    perMove: (clock) => `${clock} per move`,
    noClock: "no clock",
    ratedShort: "rated",
    casualShort: "unrated",
    withBruce: "with Bruce",
    /** @param {number} n */
    toScore: (n) => `to ${num(n)}`,

    challenges: "Challenges",
    /** @param {number} n the count, shown before */
    badgeWaiting: (n) => plural(n, "awaits your answer", "await your answer"),
    incoming: "Challenges to you",
    noIncoming: "No challenge awaits your answer.",
    outgoing: "Your challenges",
    noOutgoing: "You have made no challenge this week.",
    /** @param {string} name */
    challengesYou: (name) => `${name} challenges you`,
    /** @param {string[]} names */
    alsoChallenged: (names) => `also challenged: ${list(names)}`,
    accept: "Accept",
    decline: "Decline",
    /** @param {string} name */
    challengeOf: (name) => `the challenge of ${name}`,
    /** @param {string} name */
    declineOf: (name) => `Decline the challenge of ${name}`,
    reason: "Reason",
    reasons: {
      generic: "I am not taking challenges now",
      later: "Not now: ask me again later",
      too_fast: "The clock is too fast for me",
      too_slow: "The clock is too slow for me",
      rated: "I would rather play a rated game",
      casual: "I would rather play an unrated game",
      not_bots: "I do not play bot accounts",
    },
    acceptedWaiting: "You accepted: the game begins when every player has.",
    /** @param {string} name */
    declined: (name) => `${name}'s challenge declined.`,
    /** @param {string} name */
    declinedYours: (name) => `${name} declined your challenge.`,
    /**
     * @param {string} name
     * @param {string} reason
     */
    declinedBecause: (name, reason) => `${name} declined: “${reason}”`,
    answers: {
      pending: "no answer yet",
      accepted: "accepted",
      declined: "declined",
    },
    states: {
      open: "waiting",
      accepted: "accepted",
      declined: "declined",
      cancelled: "cancelled",
      expired: "expired",
    },
    to: "To",
    /** @param {string[]} names */
    challengeTo: (names) => `your challenge to ${list(names)}`,
    challengeCancelled: "Challenge cancelled.",
    /** @param {string} when */
    madeAt: (when) => `made ${when}`,
    toGame: "Go to the game",

    /** @param {string} name */
    challengeWho: (name) => `Challenge ${name}`,
    extraSeatsNote: "With more than 2 players, the other seats open to anyone once the challenge is accepted.",
    send: "Send the challenge",
    close: "Close",
    /** @param {string} name */
    sent: (name) => `Challenge sent: ${name} has 7 days to answer.`,
    seeChallenges: "See your challenges",
    problems: {
      /** @param {string} name */
      challengeRefused: (name) => `${name} does not take challenges from you.`,
      /** @param {string} name */
      playerNotFound: (name) => `No player is named ${name}.`,
      tooManyChallenges: "You have 20 challenges waiting for answers: cancel one, or wait for the answers.",
      tooManyChallengesToday: "You have made as many challenges as a day allows: try again tomorrow.",
      tooManySeeks: "You have 3 open seeks already: cancel one first.",
      onVacation: "You are on vacation: end it in Settings to start a new game.",
      seekGone: "This seek is no longer open.",
      challengeGone: "This challenge is no longer open.",
    },
  },

  // Third-party clients: what each scope lets a token do, "Apps and tokens" and the consent page.
  scopes: {
    "account:read": "See your username, email address and settings",
    "game:read": "See your games: tables, moves, legal actions, chat and live updates",
    "game:play": "Play your games: make moves, resign, chat, take a vacation",
    "lobby:write": "Create, join and leave games, invite players, seat bots",
    "notifications:write": "Manage your webhooks, push subscriptions and mail settings",
    "bot:play": "Play as a bot account",
  },
  tokens: {
    title: "Apps and tokens",
    link: "Apps and tokens",
    intro: "Programs that use your account without your password: tokens you made for your own scripts, and the apps you allowed.",
    personalTitle: "Personal tokens",
    personalIntro: "A personal token lets a script or tool of yours use the API as you, with only what you tick below. Keep it secret, as a password.",
    name: "Name",
    scopesLegend: "What it may do",
    expiry: "Expires after (days, 1 to 365; empty: never)",
    create: "Create token",
    newTitle: "Your new token",
    /** @param {string} name */
    newIntro: (name) => `The token “${name}” is ready.`,
    warning: "Copy it now: it will not be shown again.",
    tokenField: "New token",
    copy: "Copy token",
    copied: "Copied to the clipboard.",
    copyByHand: "Selected: copy it by hand.",
    done: "I have copied it",
    none: "No personal token.",
    /** @param {string} name */
    revokeToken: (name) => `Revoke the token ${name}`,
    /** @param {string} name */
    revokeTokenQuestion: (name) => `Revoke the token “${name}”? Whatever uses it stops at once.`,
    revokeYes: "Revoke",
    revokeNo: "Keep it",
    /** @param {string} name */
    tokenRevoked: (name) => `The token “${name}” is revoked.`,
    scopesLabel: "May",
    created: "Created",
    expires: "Expires",
    lastUsed: "Last used",
    since: "Allowed since",
    never: "Never",
    neverUsed: "Not used yet",
    appsTitle: "Authorized apps",
    appsIntro: "Apps you allowed to use your account. Revoking one signs it out at once.",
    noApps: "No app is allowed to use your account.",
    /** @param {string} origin */
    redirectsTo: (origin) => `Sends you back to ${origin}`,
    /** @param {string} app */
    revokeApp: (app) => `Revoke the access of ${app}`,
    /** @param {string} app */
    revokeAppQuestion: (app) => `Revoke the access of “${app}”? It is signed out at once.`,
    /** @param {string} app */
    appRevoked: (app) => `The access of “${app}” is revoked.`,
    /** @param {string} why */
    unavailable: (why) => `This list could not be loaded: ${why}`,
    // Refusals of these screens, by their problem's code (others read as the server's sentence).
    problems: {
      invalid_scope: "Tick at least one thing the token may do, among those offered.",
      invalid_token_name: "Give the token a name of 1 to 64 characters.",
      invalid_expiry: "The expiry is a number of days from 1 to 365, or empty for never.",
      too_many_tokens: "You hold as many tokens as allowed: revoke one first.",
      personal_token_not_found: "This token is already gone.",
      authorization_not_found: "This app's access is already gone.",
      first_party_only: "Only this site, signed in with your password, may do this.",
    },
  },
  consent: {
    title: "Allow an app",
    /** @param {string} app */
    question: (app) => `Allow “${app}” to use your account?`,
    /** @param {string} name */
    signedInAs: (name) => `You are signed in as ${name}.`,
    selfNamed: "The app chose this name itself: trust it only if you know where it sends you.",
    /** @param {string} origin */
    sendsTo: (origin) => `Once you answer, you go back to ${origin}.`,
    wants: "It asks to:",
    revokeLater: "You can revoke its access at any time in “Apps and tokens”.",
    approve: "Approve",
    deny: "Deny",
    signInFirst: "An app asks to use your account: sign in first, and you will be asked to allow it.",
    invalidTitle: "This request is not valid",
    invalid: "The app sent an authorization request this site cannot accept, so you are not sent back to it. Tell the app's makers:",
    backToLobby: "Go to the lobby",
    refusedTitle: "This request is not supported",
    /** @param {string} app */
    refused: (app) => `${app} asked for a kind of access this site does not give (only the authorization code flow is supported). You can go back to the app to tell it so, or stay here.`,
    /** @param {string} origin */
    backToApp: (origin) => `Go back to ${origin}`,
  },
  // The lobby's invitations declined, finished games folded, games to watch, the invitation
  // link's page.
  lobbyMore: {
    decline: "Decline",
    /** @param {number} n */
    finishedGames: (n) => `Your latest finished games (${num(n)})`,
    allFinished: "All your finished games, on your profile",
    learnResumes: "Your guide game is not over: the button takes you back to it.",
    watchTitle: "Watch",
    watchIntro: "Public games being played now: open one to follow it as a spectator.",
    watchEmpty: "No public game is being played right now.",
    watchMore: "More games to watch",
    watchShort: "Watch",
    /** @param {number} n */
    days: (n) => count(n, "day", "days"),
    /** @param {number} n */
    hours: (n) => count(n, "hour", "hours"),
    /** @param {number} n */
    minutes: (n) => count(n, "minute", "minutes"),
    /** @param {number} n */
    seconds: (n) => count(n, "second", "seconds"),
    joinPrivate: "This game is private: who plays in it and how it is played show once you have joined.",
    /** @param {string} name */
    createdBy: (name) => `A game created by ${name}.`,
    /** @param {string} status */
    joinNotOpen: (status) => `This game is no longer open (${status}): nobody can join it now.`,
    seated: "At the table",
    /** @param {number} n @param {number} of */
    seatsTaken: (n, of) => `${num(n)} of ${num(of)} seats taken`,
    yes: "Yes",
    no: "No",
    ratedTerm: "Ratings",
    rated: "Rated: the players' ratings change",
    unrated: "Not rated: no rating changes",
  },
  // The settings: this device's preferences, and the time zone proposed.
  device: {
    title: "This device",
    intro: "These three choices are kept on this device, in this browser, not on your account.",
    confirmMoves: "Confirm moves",
    confirmMovesHint: "A card you tap is sent only when you press Confirm (on by default on a touch screen).",
    turnAlert: "Your turn alert",
    alerts: { off: "Off", sound: "Sound", vibrate: "Vibration", both: "Sound and vibration" },
    theme: "Colours",
    themes: { system: "As the system", light: "Light", dark: "Dark" },
    saved: "Kept on this device.",
    /** @param {string} local @param {string} saved */
    zoneProposed: (local, saved) => `Your browser's time zone, ${local}, is selected, but your account says ${saved} until you save.`,
    /** @param {string} saved */
    keepZone: (saved) => `Keep ${saved}`,
  },
  // The audit page: what it proves and what it cannot, in plain words.
  auditPlain: {
    proven: "What this page proves: the order of the cards was sealed before any of them was dealt, and nobody, this site included, has changed the game's history since.",
    notProven: "What it cannot prove: that the site shuffled at random rather than choosing an order, or that players did not show each other their cards outside the site.",
    docs: "How these checks work, for auditors",
  },
  // The chat: a line's menu (its Mute named in full to screen readers) and the form to report it.
  chatLine: {
    mute: "Mute",
    /** @param {string} name */
    title: (name) => `Report ${name}'s line to the operator`,
    reason: "Why? (1 to 500 characters)",
    send: "Send report",
    cancel: "Cancel",
  },

  // Tournaments (service rules §9.11): the list, the form that creates one, a tournament's page.
  tour: {
    nav: "Tournaments",
    title: "Tournaments",
    open: "Open",
    running: "Running",
    finished: "Finished",
    noneOpen: "No tournament takes registrations now.",
    noneRunning: "No tournament is being played now.",
    noneFinished: "No tournament has finished yet.",
    swiss: "Swiss",
    roundRobin: "Round robin",
    /** @param {number} n */
    tableSize: (n) => `${num(n)} per table`,
    /**
     * @param {number} n
     * @param {number} max
     */
    playersOf: (n, max) => `${num(n)}/${num(max)} players`,
    /**
     * @param {number} round
     * @param {number | null} rounds
     */
    roundOf: (round, rounds) => (rounds === null ? `round ${num(round)}` : `round ${num(round)} of ${num(rounds)}`),
    /** @param {string} when */
    startsAt: (when) => `starts ${when}`,
    startsByCreator: "starts when its creator says",
    create: "Create a tournament",
    signInToCreate: "Sign in to create a tournament or join one.",
    name: "Name",
    format: "Format",
    tableSizeLabel: "Players per table",
    rounds: "Rounds (3 to 11)",
    clock: "Time per decision",
    rated: "Rated games",
    botsAllowed: "Bots may join",
    minPlayers: "Fewest players to start",
    maxPlayers: "Most players",
    startsAtLabel: "Starts at (optional; empty: when you start it)",
    roundRobinNote: "A round robin is played two at a table; its rounds follow from the number of players.",
    createButton: "Create the tournament",
    // A tournament's page.
    notFound: "No tournament has this address.",
    statusOpen: "Open for registration",
    statusRunning: "Being played",
    statusFinished: "Finished",
    statusCancelled: "Cancelled",
    settings: "Settings",
    createdBy: "Created by",
    playersLabel: "Players",
    /**
     * @param {number} min
     * @param {number} max
     */
    minMax: (min, max) => `${num(min)} to ${num(max)}`,
    roundsLabel: "Rounds",
    /** @param {number | null} n */
    roundsValue: (n) => (n === null ? "one fewer than the players (even), or as many (odd)" : num(n)),
    targetScore: "Target score",
    ratedLabel: "Rated",
    yes: "Yes",
    no: "No",
    starts: "Starts",
    join: "Join",
    withdraw: "Withdraw",
    start: "Start now",
    cancel: "Cancel the tournament",
    joined: "You are registered.",
    withdrawn: "You withdrew from this tournament.",
    yourGame: "Your current game",
    yourBye: "You have a bye this round.",
    standings: "Standings",
    noPlayers: "Nobody has registered yet.",
    rank: "Rank",
    player: "Player",
    points: "Points",
    buchholz: "Tie-break (Buchholz)",
    buchholzShort: "Buchholz",
    gameScore: "Game score",
    gameScoreShort: "Score",
    byes: "Byes",
    withdrawnMark: "withdrew",
    csv: "Download the standings (CSV)",
    roundsTitle: "Rounds",
    noRounds: "The first round is paired when the tournament starts.",
    /** @param {number} n */
    round: (n) => `Round ${num(n)}`,
    /** @param {number} n */
    table: (n) => `Table ${num(n)}`,
    /**
     * @param {number} place
     * @param {number} points
     * @param {number} score
     */
    result: (place, points, score) => `${ordinal(place)}, ${count(points, "point", "points")} (score ${num(score)})`,
    inPlay: "in play",
    /** @param {number} n */
    openGame: (n) => `Game of table ${num(n)}`,
    bye: "Bye",
    /** @param {string} names */
    byesLine: (names) => `Bye: ${names}`,
    profileTitle: "Tournaments",
    profileNone: "No tournament yet.",
  },
};

/** @typedef {typeof messages} Messages */
export default messages;

// Le catalogue français : les mêmes clés que en.js (tsc le vérifie contre `Messages`, et
// web/tests/i18n.mjs compare les deux clé par clé), dans le vocabulaire de l'édition française :
// allié, recrue, partisan, manche, jeton Initiative, engager, récupérer.

import { list, num } from "../format.js";

/**
 * "de Bob", "d'Alice": the French elision before a vowel or a mute h.
 * @param {string} name
 */
function de(name) {
  return /^[aeiouyhàâäéèêëîïôöùûü]/i.test(name) ? `d'${name}` : `de ${name}`;
}

/**
 * "1 carte", "2 cartes".
 * @param {number} n
 * @param {string} one
 * @param {string} many
 */
function count(n, one, many) {
  return `${num(n)} ${n < 2 ? one : many}`;
}

/** @type {import("./en.js").Messages} */
const messages = {
  lang: "fr",
  switchTo: "English",
  switchLang: "en",
  switchLabel: "Read in English",

  app: "Lords of Scotland",
  description: "Jouez à Lords of Scotland dans le navigateur : ralliez les clans, gagnez des partisans.",
  skip: "Aller au contenu",
  loading: "Chargement…",
  rules: "Règles",
  rulesHref: "/docs/rules.fr",
  api: "API",
  pageTitle: (screen) => `${screen} — Lords of Scotland`,
  yourMoveTitle: "● À vous de jouer — Lords of Scotland",
  navAccount: "Compte",
  signIn: "Se connecter",
  lobby: "Salon",
  signOut: "Se déconnecter",
  accountOf: (name) => `Compte ${de(name)}`,
  httpError: (status) => `Le serveur a répondu HTTP ${num(status)}.`,

  tagline: "Ralliez les clans, gagnez les partisans. Connectez-vous ou créez un compte pour jouer.",
  username: "Nom d'utilisateur",
  password: "Mot de passe",
  createAccountTitle: "Créer un compte",
  newPasswordHint: "Mot de passe (8 caractères ou plus)",
  createAccount: "Créer le compte",
  account: "Compte",
  accountTitle: (name) => `Compte : ${name}`,
  changePassword: "Changer le mot de passe",
  currentPassword: "Mot de passe actuel",
  newPassword: "Nouveau mot de passe",
  passwordChanged: "Mot de passe changé. Vos autres sessions sont déconnectées.",

  loadingGames: "Chargement des parties…",
  awaitingYou: "Vous attendent",
  yourGames: "Vos parties",
  openGames: "Parties ouvertes",
  listTitle: (title, n) => `${title} (${num(n)})`,
  none: "Aucune.",
  gamesNotLoaded: (why) => `Les parties n'ont pas pu être chargées : ${why}`,
  nobodyYet: "personne pour l'instant",
  gameWhat: (players, target, bruce) =>
    `${num(players)} joueurs, en ${num(target)} points${bruce ? ", avec Bruce" : ""}`,
  updated: (when) => `modifiée le ${when}`,
  status: {
    open: "ouverte",
    active: "en cours",
    finished: "terminée",
    abandoned: "abandonnée",
  },
  openGame: (id) => `Ouvrir la partie ${id}`,
  playGame: (id) => `Jouer la partie ${id}`,
  joinGame: (id) => `Rejoindre la partie ${id}`,
  auditGame: (id) => `Vérifier ${id}`,
  newGame: "Nouvelle partie",
  players: "Joueurs",
  powerRule: "Règle des pouvoirs",
  ruleDefault: "Selon le nombre de joueurs",
  ruleLowestStrength: "Force la plus faible",
  ruleLowestInClan: "Plus faible du clan",
  targetScore: "Score à atteindre",
  includeBruce: "Avec le clan Bruce",
  createGame: "Créer la partie",
  goTitle: "Ouvrir une partie par lien ou identifiant",
  goLabel: "Lien ou identifiant de la partie",
  goButton: "Ouvrir la partie",

  clanPowers: {
    forsyth: "Piochez une carte",
    makgill: "Engagez un autre allié",
    macdonnell: "Gardez-le pour la manche suivante",
    cochrane: "Récupérez deux partisans",
    cockburn: "Échangez-le contre un partisan",
    fergusson: "Échangez-le contre un autre allié",
    scott: "Copiez le pouvoir d'un autre allié",
    wemyss: "Défaussez un autre allié",
    bruce: "N'importe quel clan",
  },
  cardUnknown: (id) => `carte ${num(id)}`,
  cardLabel: (name, rank, power, note) => `${name}, rang ${num(rank)} : ${power}${note ? ` (${note})` : ""}`,

  loadingGame: "Chargement de la partie…",
  gameNotLoaded: (why) => `La partie n'a pas pu être chargée : ${why}`,
  seat: (n) => `place ${num(n)}`,
  you: (name) => `${name} (vous)`,
  gameTitle: (id) => `Partie ${id}`,
  tableMeta: (names, target) => `${names.join(" · ")} — en ${num(target)} points`,
  gameLinks: "Liens de la partie",
  backToLobby: "Retour au salon",
  auditThisGame: "Vérifier cette partie",
  waitingForPlayers: (seated, of) => `En attente de joueurs : ${num(seated)} sur ${num(of)} assis.`,
  notStartedAt: (v) => `Version ${num(v)} : la partie n'avait pas commencé.`,
  gameOver: (winners, scores) =>
    `Partie terminée : ${list(winners)} ${winners.length > 1 ? "l'emportent" : "l'emporte"}. Scores : ${scores}.`,
  scoreOf: (who, score) => `${who} ${num(score)}`,
  where: (skirmish, turn, initiative) =>
    `Manche ${num(skirmish)}, tour ${num(turn)}. Jeton Initiative : ${initiative}.`,
  yourDecision: (decision) => `À vous de décider : ${decision}.`,
  waitingFor: (who, decision) => `On attend ${who} : ${decision}.`,
  lookingBack: (v, of) => `Retour sur la version ${num(v)} sur ${num(of)}.`,
  faceDown: "face cachée",
  powerActive: (clan) => `pouvoir ${clan} actif`,
  kept: "gardé",
  copyPowerOf: (what) => `Copier le pouvoir de ${what}`,
  take: (what) => `Prendre ${what}`,
  discard: (what) => `Défausser ${what}`,
  aFaceDownFollower: "un allié face cachée",
  armyTarget: (action, owner, position) => `${action} (armée ${de(owner)}, position ${num(position)})`,
  faceDownFollower: (position) => `Allié face cachée (position ${num(position)})`,
  yourSide: "Votre côté",
  sideOf: (name) => `Côté ${de(name)}`,
  initiative: "Jeton Initiative",
  toDecide: "Doit décider",
  sideMeta: (score, cards) => `Score ${num(score)} · ${count(cards, "carte", "cartes")} en main`,
  army: "Armée",
  yourArmy: "Votre armée",
  armyOf: (name) => `Armée ${de(name)}`,
  noFollowers: "Aucun allié pour l'instant.",
  victoryPile: (n, points) =>
    `Pile de victoire : ${count(n, "partisan", "partisans")}, ${count(points, "point", "points")}`,
  yourHand: "Votre main",
  handOf: (name) => `Main ${de(name)}`,
  claim: (card) => `Récupérer ${card}`,
  swapFor: (card) => `Échanger contre ${card}`,
  aFaceDownCard: "une carte face cachée",
  nothing: "rien",
  slotEmpty: (slot) => `Emplacement ${num(slot)} : vide`,
  recruitFrom: (what, slot) => `Recruter ${what} de l'emplacement ${num(slot)}`,
  slotNote: (slot) => `emplacement ${num(slot)}`,
  slotFaceDown: (slot) => `Emplacement ${num(slot)} : une carte face cachée`,
  middle: "Le centre de la table",
  supporterRow: "Rangée des partisans",
  recruits: "Recrues",
  drawPile: (n) => `Pioche : ${count(n, "carte", "cartes")}`,
  discardPile: (n, top) => `Défausse : ${count(n, "carte", "cartes")}${top !== null ? `, dessus ${top}` : ""}`,
  hints: {
    turn: "Choisissez une carte de votre main à engager, une recrue à prendre, ou passez.",
    makgill_muster: "Choisissez une carte de plus à engager depuis votre main.",
    scott_copy: "Choisissez l'allié face visible dont votre Scott copie le pouvoir.",
    fergusson_swap: "Choisissez l'allié adverse à prendre.",
    wemyss_discard: "Choisissez l'allié à défausser.",
    cockburn_swap: "Choisissez le partisan à échanger.",
    claim_supporter: "Choisissez le partisan à récupérer.",
  },
  yourDecisionPanel: "Votre décision",
  musterCard: (card) => `Engager ${card}`,
  musterFaceDown: "Engager face cachée",
  musterFaceUpPower: "Engager face visible et activer son pouvoir",
  musterFaceUp: "Engager face visible",
  cancel: "Annuler",
  pass: "Passer",
  lastSkirmish: "Dernière manche",
  strengthOf: (who, strength, doubled) => `${who} : force ${num(strength)}${doubled ? " (doublée)" : ""}`,
  placement: (places) => `Classement : ${places.join(", ")}`,
  place: (n, who) => `${num(n)}. ${who}`,
  claims: (claims) => `Partisans récupérés : ${claims.join(" ; ")}.`,
  took: (who, card) => `${who} a pris ${card}`,
  joinThisGame: "Rejoindre cette partie",
  leaveThisGame: "Quitter cette partie",
  inviteByLink: "Inviter par lien",
  history: "Historique",
  historyLabel: (v, of) => `Historique : version ${num(v)} sur ${num(of)}`,
  historyValue: (v, of) => `version ${num(v)} sur ${num(of)}`,
  backToNow: "Revenir au présent",
  log: "Journal",
  gameLog: "Journal de la partie",
  noEvents: "Aucun événement pour l'instant.",
  eventsNewestFirst: "Événements, du plus récent au plus ancien",

  decisions: {
    turn: "recruter, engager un allié ou passer",
    makgill_muster: "engager un autre allié (Makgill)",
    cockburn_swap: "échanger un allié contre un partisan (Cockburn)",
    fergusson_swap: "échanger un allié contre celui d'un adversaire (Fergusson)",
    wemyss_discard: "défausser un allié (Wemyss)",
    scott_copy: "choisir un pouvoir à copier (Scott)",
    claim_supporter: "récupérer un partisan",
  },
  ev: {
    gameStarted: (players, target, who) =>
      `La partie commence : ${num(players)} joueurs, en ${num(target)} points ; ${who} détient le jeton Initiative.`,
    deckShuffled: (size, commitment) =>
      `Un paquet de ${count(size, "carte", "cartes")} a été mélangé (engagement ${commitment}…).`,
    handDealt: (who, n) => `${who} reçoit ${count(n, "carte", "cartes")}.`,
    skirmishStarted: (n, who) => `La manche ${num(n)} commence ; ${who} détient le jeton Initiative.`,
    recruitDealt: (card, slot) =>
      card !== null
        ? `Une recrue face visible est posée à l'emplacement ${num(slot)} : ${card}.`
        : `Une recrue face cachée est posée à l'emplacement ${num(slot)}.`,
    supporterDealt: (card) => `${card} rejoint la rangée des partisans.`,
    supportersDiscarded: "Les partisans avaient tous la même force : la rangée a été défaussée.",
    turnStarted: (turn, who) => `Tour ${num(turn)} : à ${who} d'agir.`,
    recruitRevealed: (slot, card) => `La recrue de l'emplacement ${num(slot)} est retournée : ${card}.`,
    recruited: (who, card, slot) => `${who} a recruté ${card ?? "une carte face cachée"} à l'emplacement ${num(slot)}.`,
    musteredUp: (who, card, power) =>
      `${who} a engagé ${card} face visible${power ? " et activé son pouvoir" : ""}.`,
    musteredDown: (who) => `${who} a engagé un allié face cachée.`,
    passed: (who) => `${who} a passé.`,
    powerActivated: (who, clan, position) =>
      `Le pouvoir ${clan} ${de(who)} est actif (allié ${num(position)}).`,
    cardDrawn: (who) => `${who} a pioché une carte.`,
    powerCopied: (who, clan) => `Le Scott ${de(who)} a copié le pouvoir ${clan}.`,
    decisionRequested: (who, decision) => `${who} doit décider : ${decision}.`,
    supporterSwapped: (who, given, supporter) => `${who} a échangé ${given} contre le partisan ${supporter}.`,
    followersSwapped: (who, given, other, taken) =>
      `${who} a donné ${given} à ${other} contre ${taken ?? "un allié face cachée"}.`,
    followerDiscarded: (who, owner, card) => `${who} a défaussé ${card} ${de(owner)}.`,
    followersRevealed: (n) => `Tous les alliés face cachée ont été retournés (${num(n)}).`,
    armiesScored: (armies) => `Armées : ${armies.join(", ")}.`,
    army: (who, strength, doubled) => `${who} ${num(strength)}${doubled ? " (doublée)" : ""}`,
    supporterClaimed: (who, card) => `${who} a récupéré ${card}.`,
    skirmishEnded: (n, discarded) =>
      `La manche ${num(n)} est terminée ; ${count(discarded, "carte a été défaussée", "cartes ont été défaussées")}.`,
    gameEnded: (winners, scores) =>
      `La partie est terminée : ${list(winners)} ${winners.length > 1 ? "l'emportent" : "l'emporte"} (${scores.map(num).join(" – ")}).`,
    seatResigned: (who) => `${who} a abandonné ; un robot joue à sa place.`,
    timedOut: (who, n) =>
      `${who} n'a pas joué à temps (${num(n)} fois de suite) ; un robot a décidé à sa place.`,
    seatAbandoned: (who) => `${who} a laissé passer trop de délais et quitte la partie.`,
    botActed: (who, level) => `Un robot (${level}) joue pour ${who} :`,
    timeoutsCleared: (who) => `${who} est de retour.`,
    unknown: (type) => `Il s'est passé quelque chose (${type}).`,
  },

  auditTitle: "Vérification — Lords of Scotland",
  auditOf: (id) => `Vérification de la partie ${id}`,
  auditIntro:
    "Votre navigateur recalcule la chaîne d'empreintes de chaque événement et l'engagement de chaque mélange à partir des événements de la partie.",
  checking: "Vérification…",
  auditLinks: "Liens de la vérification",
  backToGame: "Retour à la partie",
  auditUnfinished: "La partie n'est pas terminée : ses empreintes et ses mélanges sont révélés à la fin.",
  verified: (events, shuffles) =>
    `Vérifiée : ${count(events, "événement chaîné", "événements chaînés")}, ${count(shuffles, "mélange conforme à son engagement", "mélanges conformes à leurs engagements")}.`,
  notVerified: (seq, why) => `Non vérifiée : l'événement ${num(seq)} ${why}.`,
  why: {
    missing: "manque dans le flux",
    noHash: "n'a pas d'empreinte",
    noLink: "ne se rattache pas à l'événement précédent",
    badHash: "a une empreinte qui ne correspond pas à son contenu",
    notRevealed: "a un mélange non révélé",
    wrongSize: "a un mélange de mauvaise taille",
    badCommitment: "a un mélange qui ne correspond pas à son engagement",
  },
  finalHash: "Empreinte finale : ",
  eventsNotRead: (why) => `Les événements n'ont pas pu être lus : ${why}`,
  clock: "Temps par décision",
  clocks: {
    none: "Sans pendule",
    hour: "1 heure",
    day: "1 jour",
    days3: "3 jours",
    week: "7 jours",
  },
  opponents: "Autres places",
  opponentsPeople: "Des joueurs qui rejoignent",
  opponentsBots: (level) => `Des robots (${level})`,
  botLevels: {
    random: "au hasard",
    greedy: "glouton",
    mcts: "MCTS, le plus fort",
  },
  privateGame: "Privée (sur invitation seulement)",
  deadline: (rel, abs) => `Délai : ${rel} (${abs}).`,
  deadlinePassed: (abs) => `Délai dépassé (${abs}) : un robot va décider d'un instant à l'autre.`,
  decideBy: (rel) => `à décider ${rel}`,
  noClock: "Sans pendule : prenez votre temps.",
  resign: "Abandonner",
  resignQuestion: "Abandonner cette partie ? Vous ne pourrez plus la gagner ; un robot joue à votre place jusqu'à la fin.",
  resignYes: "Oui, abandonner",
  resignNo: "Continuer à jouer",
  botBadge: (level) => `robot : ${level}`,
  resignedBadge: "a abandonné",
  timeoutsBadge: (n) => `${num(n)} délai${n > 1 ? "s" : ""} dépassé${n > 1 ? "s" : ""}`,
  ranking: "Classement",
  rankLine: (place, who, score, resigned) =>
    `${place === 1 ? "1er" : `${num(place)}e`} ${who} : ${num(score)} point${score > 1 ? "s" : ""}${resigned ? " (a abandonné)" : ""}`,
};

export default messages;

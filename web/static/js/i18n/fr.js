// Le catalogue français : les mêmes clés que en.js (tsc le vérifie contre `Messages`, et
// web/tests/i18n.mjs compare les deux clé par clé), dans le vocabulaire de l'édition française :
// allié, recrue, partisan, manche, jeton Initiative, engager, récupérer.

import { count, list, num, plural } from "../format.js";

/** « 1re », « 2e » (une place) : les ordinaux par `Intl.PluralRules`. */
const ordinals = new Intl.PluralRules("fr", { type: "ordinal" });
/** @param {number} n */
const ordinal = (n) => `${num(n)}${ordinals.select(n) === "one" ? "re" : "e"}`;

/**
 * "de Bob", "d'Alice": the French elision before a vowel or a mute h.
 * @param {string} name
 */
function de(name) {
  return /^[aeiouyhàâäéèêëîïôöùûü]/i.test(name) ? `d'${name}` : `de ${name}`;
}

/** How the page names its own player: "morag (vous)". */
const YOU = " (vous)";
/**
 * "le Scott de Bob", and "votre Scott" for the page's own player, never "de morag (vous)".
 * @param {string} who a name, perhaps with YOU
 * @param {string} thing
 * @param {string} [article] what comes before the thing when it is not the viewer's
 */
const theirs = (who, thing, article = "le ") => (who.endsWith(YOU) ? `votre ${thing}` : `${article}${thing} ${de(who)}`);
/** @param {string} who */
const toWhom = (who) => (who.endsWith(YOU) ? "vous" : who);
/** @param {string} s */
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

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
  rulesHref: "/rules/fr",
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
  passwordChangeEnds:
    "Changer le mot de passe déconnecte toutes vos sessions, celle-ci comprise, et met fin à chaque application autorisée et à chaque jeton personnel. Celle-ci se reconnecte avec le nouveau mot de passe.",
  passwordChanged: "Mot de passe changé. Vos autres sessions, applications et jetons personnels sont révoqués.",

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
  you: (name) => `${name}${YOU}`,
  gameTitle: (names) => names.join(" · "),
  tableMeta: (id, target) => `En ${num(target)} points · partie ${id}`,
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
  armyTarget: (action, owner, position) => `${action} (${theirs(owner, "armée", "")}, position ${num(position)})`,
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
      `${cap(theirs(who, `pouvoir ${clan}`))} est actif (allié ${num(position)}).`,
    cardDrawn: (who) => `${who} a pioché une carte.`,
    powerCopied: (who, clan) => `${cap(theirs(who, "Scott"))} a copié le pouvoir ${clan}.`,
    decisionRequested: (who, decision) => `${who} doit décider : ${decision}.`,
    supporterSwapped: (who, given, supporter) => `${who} a échangé ${given} contre le partisan ${supporter}.`,
    followersSwapped: (who, given, other, taken) =>
      `${who} a donné ${given} à ${other} contre ${taken ?? "un allié face cachée"}.`,
    followerDiscarded: (who, owner, card) =>
      owner.endsWith(YOU) ? `${who} a défaussé ${card} de votre armée.` : `${who} a défaussé ${card} ${de(owner)}.`,
    followersRevealed: (n) => `Tous les alliés face cachée ont été retournés (${num(n)}).`,
    armiesScored: (armies) => `Armées : ${armies.join(", ")}.`,
    army: (who, strength, doubled) => `${who} ${num(strength)}${doubled ? ` (${num(strength / 2)}\u00a0×\u00a02)` : ""}`,
    supporterClaimed: (who, card) => `${who} a récupéré ${card}.`,
    skirmishEnded: (n, discarded) =>
      `La manche ${num(n)} est terminée ; ${count(discarded, "carte a été défaussée", "cartes ont été défaussées")}.`,
    gameEnded: (winners, scores) =>
      `La partie est terminée : ${list(winners)} ${winners.length > 1 ? "l'emportent" : "l'emporte"} (${scores.map(num).join(" – ")}).`,
    seatResigned: (who) => `${who} a abandonné ; un robot joue à sa place.`,
    timedOut: (who, n) =>
      `${who} n'a pas joué à temps (${num(n)} fois de suite) ; un robot a décidé à sa place.`,
    seatAbandoned: (who) => `${who} a laissé passer trop de délais et quitte la partie.`,
    botActed: (who, level) => `Un robot (${level}) joue pour ${toWhom(who)} :`,
    botPlays: (who) => `${who} joue :`,
    timeoutsCleared: (who) => `${who} est de retour.`,
    seatAway: (who, until) => `${who} est en vacances jusqu'au ${until} ; son délai est suspendu.`,
    seatBack: (who) => `${who} est de retour de vacances.`,
    unknown: (type) => `Il s'est passé quelque chose (${type}).`,
  },

  backToGame: "Retour à la partie",
  audit: {
    title: "Vérification — Lords of Scotland",
    of: (id) => `Vérification de la partie ${id}`,
    intro:
      "Votre navigateur vérifie lui-même le registre de cette partie, à partir du registre, de la clé publique du journal et des reçus qu'il a gardés pendant que vous jouiez, sans croire le serveur sur parole.",
    checking: "Vérification…",
    links: "Liens de la vérification",
    unfinished: "La partie n'est pas terminée : son registre est montré une fois qu'elle l'est.",
    checks: "Ce que votre navigateur a vérifié",
    verified: "Vérifiée : toutes les vérifications ci-dessous sont passées.",
    verifiedNotLogged: "Vérifiée jusqu'ici : le registre tient, mais il n'est pas encore dans le journal public.",
    notVerified: "Non vérifiée.",
    chainOk: (events, shuffles) =>
      `La chaîne d'empreintes tient : ${count(events, "événement chaîné", "événements chaînés")}, ${count(shuffles, "mélange conforme à son engagement", "mélanges conformes à leurs engagements")}.`,
    chainBad: (seq, why) => `Le registre ne correspond pas à sa chaîne d'empreintes à l'événement ${num(seq)} : ${why}.`,
    why: {
      missing: "il manque",
      noHash: "il n'a pas d'empreinte",
      noLink: "il ne se rattache pas à l'événement précédent",
      badHash: "son empreinte ne correspond pas à son contenu",
      notRevealed: "son mélange n'est pas révélé",
      wrongSize: "son mélange n'a pas la bonne taille",
      badCommitment: "son mélange ne correspond pas à son engagement",
      badHead: "la tête finale du registre n'est pas son dernier événement",
    },
    logged: (size, leaf, signed) =>
      `Dans le journal public à la taille ${num(size)} (signé) : le chemin d'inclusion de la feuille de la partie (indice ${num(leaf)}) mène à la tête d'arbre que la clé du journal a signée le ${signed}.`,
    notLogged:
      "Pas encore dans le journal public : une partie terminée y est ajoutée en quelques secondes. Vérifiez de nouveau dans un instant.",
    logBadProof:
      "La preuve du journal ne mène pas à la tête signée : ce registre n'est pas la partie que le journal public garde.",
    logBadSignature: "La tête d'arbre du journal n'est pas signée par la clé du journal.",
    receiptsOk: (n) =>
      n === 1
        ? "Votre reçu correspond à cette histoire : son engagement recalculé avec le sel du registre, signé par la clé du journal."
        : `Vos ${num(n)} reçus correspondent à cette histoire : chaque engagement recalculé avec le sel du registre, chacun signé par la clé du journal.`,
    receiptsNone:
      "Ce navigateur ne garde aucun reçu de cette partie : les reçus sont gardés pour les parties que vous jouez, dans le navigateur où vous les jouez.",
    receiptBad: (version) =>
      `Votre reçu de la version ${num(version)} ne correspond pas à cette histoire : le serveur vous a montré une autre histoire.`,
    receiptBadSignature: (version) => `Votre reçu de la version ${num(version)} n'est pas signé par la clé du journal.`,
    receiptNoSalt: (version) =>
      `Ce registre n'a pas de sel, mais vous gardez un reçu de la version ${num(version)} : le serveur vous a montré une autre histoire.`,
    finalHash: "Empreinte finale : ",
    key: "La clé publique du journal, telle que ce serveur la donne (comparez-la avec une copie venue d'une source sûre) : ",
    again: "Vérifier de nouveau",
    notRead: (why) => `Le registre n'a pas pu être lu : ${why}`,
    noEd25519:
      "Ce navigateur ne sait pas vérifier les signatures Ed25519 du journal : utilisez un navigateur récent, ou lords verify.",
  },
  clock: "Temps par décision",
  clocks: {
    none: "Sans pendule",
    hour: "1 heure",
    day: "1 jour",
    days3: "3 jours",
    week: "7 jours",
  },
  opponents: "Autres places",
  otherSeat: (n) => `Place ${num(n)}`,
  seatPerson: "Un joueur qui rejoint",
  seatBot: (level) => `Robot (${level})`,
  botLevels: {
    random: "au hasard",
    greedy: "glouton",
    mcts: "MCTS, le plus fort",
  },
  privateGame: "Privée (sur invitation seulement)",
  ratedGame: "Classée (modifie les classements)",
  deadline: (rel, abs) => `Délai : ${rel} (${abs}).`,
  deadlinePassed: (abs) => `Délai dépassé (${abs}) : un robot va décider d'un instant à l'autre.`,
  decideBy: (rel) => `à décider ${rel}`,
  noClock: "Sans pendule : prenez votre temps.",
  resign: "Abandonner",
  resignQuestion: "Abandonner cette partie ? Vous ne pourrez plus la gagner ; un robot joue à votre place jusqu'à la fin.",
  resignQuestionEnds: "Abandonner cette partie ? Elle se termine aussitôt : le seul autre joueur qui y reste la gagne.",
  resignYes: "Oui, abandonner",
  resignNo: "Continuer à jouer",
  botBadge: (level) => `robot : ${level}`,
  resignedBadge: "a abandonné",
  timeoutsBadge: (n) => count(n, "délai dépassé", "délais dépassés"),
  ranking: "Classement",
  rankLine: (place, who, score, resigned) =>
    `${place === 1 ? "1er" : `${num(place)}e`} ${who} : ${count(score, "point", "points")}${resigned ? " (a abandonné)" : ""}`,

  seats: "Places",
  freeSeat: "libre",
  invitePlayers: "Inviter des joueurs",
  inviteByUsername: "Inviter par nom d'utilisateur",
  usernameToInvite: "Nom d'utilisateur à inviter",
  invite: "Inviter",
  invitedUser: (name) => `${name} est invité : l'invitation est dans son salon.`,
  makeInviteLink: "Créer un lien d'invitation",
  invitationLink: "Lien d'invitation",
  copyLink: "Copier le lien",
  linkCopied: "Lien copié.",
  linkSelected: "Le lien est sélectionné : copiez-le.",
  invitations: "Invitations",
  invitedBy: (name) => `invité par ${name}`,
  expires: (rel) => `expire ${rel}`,
  joinByCode: "Rejoindre avec un code d'invitation",
  invitationLinkOrCode: "Lien ou code d'invitation",
  joinButton: "Rejoindre",
  notAnInvitation: "Ce n'est pas un lien d'invitation : collez le lien entier que vous avez reçu.",
  invitationTo: (id) => `Invitation à la partie ${id}`,
  invitationIntro: "On vous a envoyé le lien d'une partie : rejoignez-la pour y prendre place.",
  rematch: "Revanche",
  goToRematch: "Aller à la revanche",

  settings: {
    title: "Réglages",
    navLink: "Réglages",
    toAccount: "Mot de passe, notifications push et suppression du compte",
    toSettings: "Aller aux réglages",
    addressTitle: "Adresse e-mail",
    emailLabel: "Adresse e-mail",
    noAddress: "Pas encore d'adresse : indiquez-en une pour être prévenu par e-mail quand c'est votre tour.",
    verified: (email) => `${email} est vérifiée.`,
    unverified: (email) => `${email} n'est pas encore vérifiée : suivez le lien qui lui a été envoyé.`,
    saveAddress: "Enregistrer l'adresse",
    resend: "Renvoyer le lien",
    linkSent: (email) => `Un lien de vérification part vers ${email}. Il est valable 24 heures.`,
    addressSaved: "Adresse enregistrée.",
    notificationsTitle: "Notifications",
    notificationsIntro: "Ce qu'on vous signale, et comment. Les e-mails ne partent que vers une adresse vérifiée ; le résumé est un seul e-mail par jour listant les parties qui vous attendent.",
    notificationsUnavailable: (why) => `Les réglages de notification n'ont pas pu être chargés : ${why}`,
    kindHeader: "Quand",
    emailHeader: "E-mail",
    pushHeader: "Push",
    kinds: {
      your_turn: "C'est mon tour",
      reminder: "Mon temps s'épuise",
      invited: "Je suis invité",
      game_over: "Une partie se termine",
      chat: "Un message à la table",
    },
    emailChoice: {
      immediately: "Aussitôt",
      digest: "Résumé",
      off: "Jamais",
    },
    emailFor: (kind) => `E-mail : ${kind}`,
    pushFor: (kind) => `Push : ${kind}`,
    digestHour: "Résumé envoyé à",
    hour: (n) => `${String(n).padStart(2, "0")} h`,
    timeZone: "Fuseau horaire",
    saveNotifications: "Enregistrer les notifications",
    notificationsSaved: "Notifications enregistrées.",
    emailFailing: (since) => `Les e-mails vers votre adresse échouent depuis le ${since} : vérifiez l'adresse ou indiquez-en une autre.`,
    vacationTitle: "Vacances",
    vacationIntro: "Pendant votre absence, les pendules de vos parties s'arrêtent et les e-mails aussi ; vos adversaires sont prévenus. Vous gagnez un jour par semaine, jusqu'à 30.",
    vacationUnavailable: "Les vacances ne sont pas encore disponibles sur ce serveur.",
    daysLeft: (n) => `Jours de vacances restants : ${num(n)}`,
    vacationDays: "Jours d'absence",
    startVacation: "Partir en vacances",
    vacationStarted: "Vos vacances ont commencé : vos pendules sont arrêtées.",
    onVacation: (until) => `Vous êtes en vacances jusqu'au ${until}. Vos pendules sont arrêtées.`,
    endVacation: "Rentrer de vacances maintenant",
    vacationEnded: (n) => `Bon retour : ${count(n, "jour inutilisé rendu", "jours inutilisés rendus")}.`,
    forgotLink: "Mot de passe oublié ?",
    forgotTitle: "Mot de passe oublié",
    forgotIntro: "Indiquez l'adresse de votre compte : nous y envoyons un lien pour choisir un nouveau mot de passe, valable une heure.",
    sendResetLink: "Envoyer le lien",
    resetLinkSent: "Si un compte a cette adresse, un lien part vers elle.",
    backToSignIn: "Revenir à la connexion",
    resetTitle: "Choisir un nouveau mot de passe",
    setPassword: "Enregistrer le mot de passe",
    resetEnds: "Choisir un nouveau mot de passe déconnecte toutes vos sessions, et met fin à chaque application autorisée et à chaque jeton personnel.",
    passwordSet: "Votre mot de passe est enregistré : toutes vos sessions sont déconnectées, et chaque application et jeton personnel révoqués. Connectez-vous avec le nouveau mot de passe.",
    askNewLink: "Demander un nouveau lien",
    verifyTitle: "Vérifier votre adresse",
    verifiedNow: (email) => `${email} est vérifiée. Les e-mails vous parviendront à cette adresse.`,
  },
  deleteAccount: "Supprimer le compte",
  deleteWarning: "La suppression du compte est définitive : votre nom quitte toutes les parties, vos places dans les parties non commencées sont libérées, et vous abandonnez les parties en cours.",
  deleteAccountButton: "Supprimer mon compte…",
  deleteQuestion: "Supprimer votre compte pour de bon ? Saisissez votre mot de passe pour confirmer.",
  passwordToDelete: "Votre mot de passe",
  deleteYes: "Supprimer mon compte",
  deleteNo: "Garder mon compte",
  accountDeleted: "Votre compte a été supprimé, et vous êtes déconnecté.",

  pushTitle: "Notifications de tour",
  pushOn: "Me prévenir quand c'est mon tour",
  pushOff: "Ne plus me prévenir",
  pushStarted: "Ce navigateur vous préviendra quand c'est votre tour, même la page fermée.",
  pushStopped: "Ce navigateur ne vous préviendra plus.",
  pushUnavailable: "Les notifications de tour ne sont pas disponibles dans ce navigateur.",
  pushBlocked: "Les notifications de tour ne sont pas disponibles : les notifications sont bloquées pour ce site dans les réglages du navigateur.",
  pushFailed: (why) => `Les notifications de tour n'ont pas pu être activées : ${why}`,
  pushYourTurn: "À vous de jouer",
  pushGameEnded: "Une de vos parties est terminée",
  pushInvited: "Vous êtes invité à une partie",
  pushChat: "Un nouveau message à votre table",
  pushBody: "Lords of Scotland : ouvrez la partie.",

  // Salon : noms, résultats, le guide, les robots de la salle d'attente, liens d'invitation
  playShort: "Jouer",
  openShort: "Ouvrir",
  joinShort: "Rejoindre",
  acceptShort: "Accepter et rejoindre",
  auditShort: "Vérifier",
  seeFinalTable: "Voir la table finale",
  gameRef: (id) => ` la partie ${id}`,
  ofGame: (id) => ` de la partie ${id}`,
  youCame: (place, scores) => `Votre place : ${ordinal(place)} · ${scores}`,
  finalScores: (scores) => `Scores finaux · ${scores}`,
  wonBy: (names) => `Gagnée par ${list(names)}`,
  learnTitle: "Nouveau venu ?",
  learnIntro: "Jouez une première partie contre le robot au hasard, avec des conseils à chaque décision.",
  learnButton: "Apprendre en jouant",
  linkNotValid: "Ce lien d'invitation n'est pas valide : vérifiez qu'il a été copié en entier.",
  linkExpired: "Cette invitation a expiré ou a déjà servi : demandez-en une nouvelle.",
  badGameAddressTitle: "Adresse de partie inconnue",
  badGameAddress: "L'adresse de cette partie n'est pas valide : vérifiez que le lien a été copié en entier.",
  botLevel: "Niveau du robot",
  forSeat: (n) => ` pour la place ${num(n)}`,
  giveSeatToBot: "Donner cette place à un robot",
  // The top of the table: the moves since my last decision, a skirmish's end, who is away, timeouts.
  news: {
    sinceTitle: "Depuis votre dernier tour",
    /** @param {number} n */
    earlier: (n) => `${count(n, "coup plus ancien", "coups plus anciens")} dans le journal ci-dessous.`,
    /** @param {number} n */
    skirmishOver: (n) => `La manche ${num(n)} est terminée`,
    skirmishDetails: "Le détail sous le plateau",
    /**
     * @param {string} who
     * @param {string} until
     */
    away: (who, until) => `${who} est en vacances jusqu'au ${until}\u00a0: son délai est suspendu.`,
    /**
     * @param {number} n
     * @param {number} most
     */
    timeoutsUsed: (n, most) => `Délais dépassés d'affilée\u00a0: ${num(n)} sur ${num(most)}.`,
    lastTimeout: "Encore un et votre place est abandonnée\u00a0: un robot la joue jusqu'au bout.",
    /** @param {string} what */
    confirmQuestion: (what) => `${what}\u00a0?`,
    confirm: "Confirmer",
    stagedHint: "Pas encore envoyé\u00a0: confirmez, ou annulez pour choisir à nouveau.",
    closePower: "Fermer",
    yourTurnAlert: "À vous de jouer",
  },
  explain: {
    lastMove: (text) => `Dernier coup : ${text}`,
    lastMoveLabel: "Dernier coup :",
    touched: "dans le dernier coup",
    recruited: (who, card) => `${who} a recruté ${card ?? "une carte face cachée"}`,
    mustered: (who, card, power) =>
      card === null
        ? `${who} a engagé un allié face cachée`
        : `${who} a engagé ${card}${power ? " et activé son pouvoir" : ""}`,
    passed: (who) => `${who} a passé`,
    took: (who, owner, taken, given) =>
      `${who} a pris ${taken ?? "un allié face cachée"} ${owner === null ? "de votre armée" : `à ${owner}`} avec ${given}`,
    swappedSupporter: (who, given, supporter) => `${who} a échangé ${given} contre le partisan ${supporter}`,
    discarded: (who, owner, card) => `${who} a défaussé ${card} ${owner === null ? "de votre armée" : de(owner)}`,
    copied: (who, clan) => `${cap(theirs(who, "Scott"))} a copié le pouvoir ${clan}`,
    claimed: (who, card) => `${who} a récupéré ${card}`,
    resigned: (who) => `${who} a abandonné`,
    byBot: (text, level) => `${text} (un robot ${level} a joué)`,
    moreEvents: (n) => count(n, "événement", "événements"),
    strength: (n, doubled) => `Force ${num(n)}${doubled ? ` (${num(n / 2)}\u00a0×\u00a02)` : ""}`,
    strengthHidden: (known, hidden) => `Force ${num(known)} + ${count(hidden, "cachée", "cachées")}`,
    strengthSpoken: (n, doubled, hidden) =>
      hidden > 0
        ? `Force ${num(n)}, plus ${count(hidden, "carte face cachée", "cartes face cachée")} que vous ne voyez pas`
        : `Force ${num(n)}${doubled ? ` : ${num(n / 2)} doublée (un seul clan)` : ""}`,
    skirmishTitle: (n) => `Dernière manche : manche ${num(n)}`,
    placeLine: (place, who, strength, doubled) =>
      `${place === 1 ? "1er" : `${num(place)}e`} ${who} : ${num(strength)}${doubled ? ` (${num(strength / 2)}\u00a0×\u00a02)` : ""}`,
    tie: (a, b, card, over) => `${num(a)} – ${num(b)} : ${card} a un meilleur rang que ${over}`,
    claims: "Partisans récupérés",
    noClaims: "Aucun partisan récupéré pour l'instant.",
    finalArmy: "Armée finale",
    noArmyAtEnd: "Aucune armée à la dernière manche.",
    powerOf: (card) => `Ce que fait ${card}`,
    powerTitle: (clan) => `Le pouvoir ${clan}`,
    powerText: {
      forsyth: "Engagé face visible avec son pouvoir, il vous fait piocher aussitôt la carte du dessus de la pioche, même au-delà de 10 cartes en main.",
      makgill: "Vous engagez aussitôt une autre carte de votre main, face visible ou cachée. Les Makgill peuvent s'enchaîner.",
      macdonnell: "À la fin de la manche, cette carte n'est pas défaussée : elle reste face visible dans son armée pour la manche suivante, son pouvoir épuisé.",
      cochrane: "À la fin de la manche, le joueur qui le contrôle récupère deux partisans au lieu d'un.",
      cockburn: "Choisissez un partisan : le Cockburn prend sa place dans la rangée des partisans et le partisan rejoint votre armée face visible.",
      fergusson: "Choisissez un allié d'un autre joueur : le Fergusson passe face visible dans cette armée et l'allié choisi rejoint la vôtre, sur la même face.",
      scott: "Choisissez un autre allié face visible qui n'est pas un Scott : le Scott utilise le pouvoir de ce clan comme le sien.",
      wemyss: "Défaussez n'importe quel autre allié d'une armée, la vôtre comprise ; tout le monde voit la carte défaussée.",
      bruce: "À la fin de la manche, il compte comme le clan qui fait de son armée un seul clan, ce qui double sa force.",
    },
    powerWhen: "Un pouvoir n'agit que pour une carte engagée face visible depuis la main, quand elle y a droit et que vous choisissez de l'activer.",
    moreInRules: "En savoir plus dans les règles",
    rulesPage: "/rules/fr",
    choose: {
      fergusson_swap: (card) => `${card} : choisissez l'allié contre lequel l'échanger`,
      wemyss_discard: (card) => `${card} : choisissez l'allié à défausser`,
      scott_copy: (card) => `${card} : choisissez l'allié face visible dont copier le pouvoir`,
      cockburn_swap: (card) => `${card} : choisissez le partisan contre lequel l'échanger`,
    },
    eligible: "à choisir",
    previousVersion: "Version précédente",
    nextVersion: "Version suivante",
  },
  // La discussion à la table (règles du service §9.8).
  notes: {
    title: "Mes notes",
    private: "Privées\u00a0: elles ne sont visibles que par vous. Vos adversaires ne les voient jamais, et rien de la partie ne les montre.",
    label: "Notes sur cette partie",
    save: "Enregistrer les notes",
    /** @param {number} n @param {number} max */
    count: (n, max) => `${num(n)}/${num(max)} caractères`,
    loading: "Lecture de vos notes…",
    /** @param {string} why */
    unreadable: (why) => `Vos notes n'ont pas pu être lues\u00a0: ${why}`,
    waiting: "Pas encore enregistré\u00a0: enregistré quand vous arrêtez de taper.",
    saving: "Enregistrement…",
    saved: "Enregistré",
    /** @param {string} why */
    notSaved: (why) => `Non enregistré\u00a0: ${why}`,
    /** @param {number} max */
    tooLong: (max) => `les notes dépassent ${num(max)} caractères. Raccourcissez-les et enregistrez à nouveau.`,
    badText: "elles contiennent un caractère qui ne peut pas être gardé (un caractère de contrôle comme un retour chariot, ou une marque invisible). Retirez-le et enregistrez à nouveau.",
    offline: "le serveur n'a pas pu être joint. Votre texte est toujours là\u00a0: enregistrez à nouveau dans un instant.",
  },
  chat: {
    title: "Discussion à la table",
    lines: "Messages de la table, du plus ancien au plus récent",
    empty: "Rien n'a encore été dit.",
    say: "Dire quelque chose à la table",
    send: "Envoyer",
    /** @param {number} n @param {number} max */
    count: (n, max) => `${num(n)}/${num(max)}`,
    /** @param {string} name */
    menuOf: (name) => `Actions sur le message de ${name}`,
    /** @param {string} name */
    mute: (name) => `Masquer ${name}`,
    report: "Signaler",
    reasonNeeded: "Un signalement demande un motif.",
    reported: "Signalé. Merci : l'opérateur va l'examiner.",
    /** @param {string} name */
    mutedNow: (name) => `${name} est masqué : vous ne verrez plus ses messages.`,
    /** @param {string} name */
    unmutedNow: (name) => `${name} n'est plus masqué.`,
    /** @param {number} n */
    mutedList: (n) => `Joueurs masqués (${num(n)})`,
    unmute: "Ne plus masquer",
  },
  profiles: {
    leaderboard: "Palmarès",
    boardHint: "Les joueurs et les bots qui ont joué au moins 10 parties classées, par classement.",
    boardEmpty: "Personne n'a encore joué 10 parties classées.",
    rank: "Rang",
    player: "Joueur",
    rating: "Classement",
    ratedGames: "Parties classées",
    played: "Parties jouées",
    won: "Parties gagnées",
    joined: "Inscrit le",
    botBadge: "bot",
    /** @param {number} r */
    provisionalRating: (r) => `${num(r)} (provisoire)`,
    notFound: "Aucun joueur ne porte ce nom.",
    chartTitle: "Historique du classement",
    /**
     * @param {number} games
     * @param {number} rating
     */
    chartLabel: (games, rating) => `Classement sur ${count(games, "partie classée", "parties classées")}, aujourd'hui ${num(rating)}`,
    chartStart: "départ",
    /** @param {number} games */
    chartGames: (games) => count(games, "partie", "parties"),
    noRatedGames: "Aucune partie classée pour l'instant : le classement part de 1500.",
    archive: "Parties terminées",
    noGames: "Aucune partie terminée à montrer.",
    noMoreGames: "Plus aucune partie.",
    olderGames: "Parties plus anciennes",
    nextPage: "Page suivante",
    firstPage: "Première page",
    won1: "Gagnée",
    lost1: "Perdue",
    /** @param {number} n */
    points: (n) => ` : ${count(n, "point", "points")}`,
    private: "privée",
    rated: "classée",
    unrated: "non classée",
    /** @param {number} n */
    ratingChange: (n) => `classée, ${n >= 0 ? "+" : "−"}${num(Math.abs(n))}`,
    seeGame: "Voir la partie",
  },

  // Rencontres (règles du service §9.10) : partie rapide, recherches, défis.
  match: {
    playNow: "Jouer maintenant",
    playNowFor: "Jouer maintenant :",
    playNowIntro: "Classée, 3 jours par coup, les règles de base : vous êtes placé avec les prochains joueurs qui demandent la même chose.",
    /** @param {number} n */
    players: (n) => `${num(n)} joueurs`,
    seekOpen: "Votre recherche est ouverte : vous rejoindrez la partie dès qu'elle sera formée.",
    seekCancelled: "Recherche annulée.",
    yourSeeks: "Vos recherches",
    /** @param {string} what */
    yourSeek: (what) => `votre recherche : ${what}`,
    /** @param {string} when */
    made: (when) => `créée ${when}`,
    cancel: "Annuler",
    openSeeks: "Recherches ouvertes",
    noOpenSeeks: "Personne d'autre ne cherche de partie en ce moment.",
    /** @param {string} why */
    notLoaded: (why) => `Les recherches et les défis n'ont pas pu être chargés : ${why}`,
    /** @param {number} r */
    provisional: (r) => `${num(r)} ?`,
    provisionalTitle: "classement provisoire : moins de 10 parties classées",
    /**
     * @param {number | null} min
     * @param {number | null} max
     */
    ratingRange: (min, max) =>
      min !== null && max !== null
        ? `classements de ${num(min)} à ${num(max)}`
        : min !== null
          ? `classements à partir de ${num(min)}`
          : `classements jusqu'à ${num(max ?? 0)}`,
    playSeek: "Jouer",
    /** @param {string} name */
    withName: (name) => `avec ${name}`,
    seekWithOptions: "Chercher une partie avec vos options",
    seek: "Chercher",
    rated: "Classée",
    ratingMin: "Classement minimal admis",
    ratingMax: "Classement maximal admis",
    /** @param {string} clock */
    perMove: (clock) => `${clock} par coup`,
    noClock: "sans limite de temps",
    ratedShort: "classée",
    casualShort: "non classée",
    withBruce: "avec Bruce",
    /** @param {number} n */
    toScore: (n) => `en ${num(n)}`,

    challenges: "Défis",
    /** @param {number} n the count, shown before */
    badgeWaiting: (n) => plural(n, "attend votre réponse", "attendent votre réponse"),
    incoming: "Défis reçus",
    noIncoming: "Aucun défi n'attend votre réponse.",
    outgoing: "Vos défis",
    noOutgoing: "Vous n'avez lancé aucun défi cette semaine.",
    /** @param {string} name */
    challengesYou: (name) => `${name} vous défie`,
    /** @param {string[]} names */
    alsoChallenged: (names) => `également défiés : ${list(names)}`,
    accept: "Accepter",
    decline: "Refuser",
    /** @param {string} name */
    challengeOf: (name) => `le défi ${de(name)}`,
    /** @param {string} name */
    declineOf: (name) => `Refuser le défi ${de(name)}`,
    reason: "Raison",
    reasons: {
      generic: "Je n'accepte pas de défis en ce moment",
      later: "Pas maintenant : redemandez-moi plus tard",
      too_fast: "La cadence est trop rapide pour moi",
      too_slow: "La cadence est trop lente pour moi",
      rated: "Je préfère une partie classée",
      casual: "Je préfère une partie non classée",
      not_bots: "Je ne joue pas contre les comptes robots",
    },
    acceptedWaiting: "Vous avez accepté : la partie commencera quand tous les joueurs auront accepté.",
    /** @param {string} name */
    declined: (name) => `Défi ${de(name)} refusé.`,
    /** @param {string} name */
    declinedYours: (name) => `${name} a refusé votre défi.`,
    /**
     * @param {string} name
     * @param {string} reason
     */
    declinedBecause: (name, reason) => `${name} a refusé : « ${reason} »`,
    answers: {
      pending: "pas encore de réponse",
      accepted: "accepté",
      declined: "refusé",
    },
    states: {
      open: "en attente",
      accepted: "accepté",
      declined: "refusé",
      cancelled: "annulé",
      expired: "expiré",
    },
    to: "À",
    /** @param {string[]} names */
    challengeTo: (names) => `votre défi à ${list(names)}`,
    challengeCancelled: "Défi annulé.",
    /** @param {string} when */
    madeAt: (when) => `lancé ${when}`,
    toGame: "Aller à la partie",

    /** @param {string} name */
    challengeWho: (name) => `Défier ${name}`,
    extraSeatsNote: "À plus de 2 joueurs, les autres places s'ouvrent à tous une fois le défi accepté.",
    send: "Envoyer le défi",
    close: "Fermer",
    /** @param {string} name */
    sent: (name) => `Défi envoyé : ${name} a 7 jours pour répondre.`,
    seeChallenges: "Voir vos défis",
    problems: {
      /** @param {string} name */
      challengeRefused: (name) => `${name} n'accepte pas vos défis.`,
      /** @param {string} name */
      playerNotFound: (name) => `Aucun joueur ne s'appelle ${name}.`,
      tooManyChallenges: "Vous avez 20 défis en attente de réponse : annulez-en un, ou attendez les réponses.",
      tooManyChallengesToday: "Vous avez lancé autant de défis qu'une journée le permet : réessayez demain.",
      tooManySeeks: "Vous avez déjà 3 recherches ouvertes : annulez-en une d'abord.",
      onVacation: "Vous êtes en vacances : terminez-les dans les Réglages pour commencer une nouvelle partie.",
      seekGone: "Cette recherche n'est plus ouverte.",
      challengeGone: "Ce défi n'est plus ouvert.",
    },
  },

  // Clients tiers : ce que chaque portée permet, « Applications et jetons » et la page d'accord.
  scopes: {
    "account:read": "Voir votre nom d'utilisateur, votre adresse e-mail et vos réglages",
    "game:read": "Voir vos parties : tables, coups, actions possibles, discussion et suivi en direct",
    "game:play": "Jouer vos parties : jouer des coups, abandonner, discuter, prendre des vacances",
    "lobby:write": "Créer, rejoindre et quitter des parties, inviter des joueurs, installer des bots",
    "notifications:write": "Gérer vos webhooks, vos abonnements push et vos réglages d'e-mail",
    "bot:play": "Jouer en tant que compte bot",
  },
  tokens: {
    title: "Applications et jetons",
    link: "Applications et jetons",
    intro: "Les programmes qui utilisent votre compte sans votre mot de passe : les jetons créés pour vos propres scripts, et les applications que vous avez autorisées.",
    personalTitle: "Jetons personnels",
    personalIntro: "Un jeton personnel permet à un script ou un outil à vous d'utiliser l'API en votre nom, pour ce que vous cochez ci-dessous seulement. Gardez-le secret, comme un mot de passe.",
    name: "Nom",
    scopesLegend: "Ce qu'il peut faire",
    expiry: "Expire au bout de (jours, de 1 à 365 ; vide : jamais)",
    create: "Créer le jeton",
    newTitle: "Votre nouveau jeton",
    /** @param {string} name */
    newIntro: (name) => `Le jeton « ${name} » est prêt.`,
    warning: "Copiez-le maintenant : il ne sera plus jamais affiché.",
    tokenField: "Nouveau jeton",
    copy: "Copier le jeton",
    copied: "Copié dans le presse-papiers.",
    copyByHand: "Sélectionné : copiez-le à la main.",
    done: "Je l'ai copié",
    none: "Aucun jeton personnel.",
    /** @param {string} name */
    revokeToken: (name) => `Révoquer le jeton ${name}`,
    /** @param {string} name */
    revokeTokenQuestion: (name) => `Révoquer le jeton « ${name} » ? Ce qui l'utilise s'arrête aussitôt.`,
    revokeYes: "Révoquer",
    revokeNo: "Le garder",
    /** @param {string} name */
    tokenRevoked: (name) => `Le jeton « ${name} » est révoqué.`,
    scopesLabel: "Peut",
    created: "Créé le",
    expires: "Expire le",
    lastUsed: "Dernier usage",
    since: "Autorisée depuis le",
    never: "Jamais",
    neverUsed: "Pas encore utilisé",
    appsTitle: "Applications autorisées",
    appsIntro: "Les applications que vous avez autorisées à utiliser votre compte. En révoquer une la déconnecte aussitôt.",
    noApps: "Aucune application n'est autorisée à utiliser votre compte.",
    /** @param {string} origin */
    redirectsTo: (origin) => `Vous renvoie vers ${origin}`,
    /** @param {string} app */
    revokeApp: (app) => `Révoquer l'accès ${de(app)}`,
    /** @param {string} app */
    revokeAppQuestion: (app) => `Révoquer l'accès de « ${app} » ? Elle est déconnectée aussitôt.`,
    /** @param {string} app */
    appRevoked: (app) => `L'accès de « ${app} » est révoqué.`,
    /** @param {string} why */
    unavailable: (why) => `Cette liste n'a pas pu être chargée : ${why}`,
    problems: {
      invalid_scope: "Cochez au moins une chose que le jeton peut faire, parmi celles proposées.",
      invalid_token_name: "Donnez au jeton un nom de 1 à 64 caractères.",
      invalid_expiry: "L'expiration est un nombre de jours de 1 à 365, ou vide pour jamais.",
      too_many_tokens: "Vous avez autant de jetons que permis : révoquez-en un d'abord.",
      personal_token_not_found: "Ce jeton n'existe déjà plus.",
      authorization_not_found: "L'accès de cette application n'existe déjà plus.",
      first_party_only: "Seul ce site, connecté avec votre mot de passe, peut faire cela.",
    },
  },
  consent: {
    title: "Autoriser une application",
    /** @param {string} app */
    question: (app) => `Autoriser « ${app} » à utiliser votre compte ?`,
    /** @param {string} name */
    signedInAs: (name) => `Vous utilisez le compte ${name}.`,
    selfNamed: "L'application a choisi ce nom elle-même : ne lui faites confiance que si vous savez où elle vous renvoie.",
    /** @param {string} origin */
    sendsTo: (origin) => `Une fois votre réponse donnée, vous revenez sur ${origin}.`,
    wants: "Elle demande à :",
    revokeLater: "Vous pourrez révoquer son accès à tout moment dans « Applications et jetons ».",
    approve: "Approuver",
    deny: "Refuser",
    signInFirst: "Une application demande à utiliser votre compte : connectez-vous d'abord, puis vous pourrez l'autoriser.",
    invalidTitle: "Cette demande n'est pas valable",
    invalid: "L'application a envoyé une demande d'autorisation que ce site ne peut pas accepter : vous n'y êtes donc pas renvoyé. Dites-le à ses auteurs :",
    backToLobby: "Aller au salon",
    refusedTitle: "Cette demande n'est pas prise en charge",
    /** @param {string} app */
    refused: (app) => `${app} demande un type d'accès que ce site ne donne pas (seul le flux par code d'autorisation est pris en charge). Vous pouvez retourner à l'application pour le lui dire, ou rester ici.`,
    /** @param {string} origin */
    backToApp: (origin) => `Retourner vers ${origin}`,
  },
  // Le salon : les invitations refusées, les parties terminées repliées, les parties à regarder,
  // la page d'un lien d'invitation.
  lobbyMore: {
    decline: "Refuser",
    /** @param {number} n */
    finishedGames: (n) => `Vos dernières parties terminées (${num(n)})`,
    allFinished: "Toutes vos parties terminées, sur votre profil",
    learnResumes: "Votre partie guidée n'est pas finie\u00a0: le bouton vous y ramène.",
    watchTitle: "Regarder",
    watchIntro: "Les parties publiques en cours\u00a0: ouvrez-en une pour la suivre en spectateur.",
    watchEmpty: "Aucune partie publique n'est en cours en ce moment.",
    watchMore: "Plus de parties à regarder",
    watchShort: "Regarder",
    /** @param {number} n */
    days: (n) => count(n, "jour", "jours"),
    /** @param {number} n */
    hours: (n) => count(n, "heure", "heures"),
    /** @param {number} n */
    minutes: (n) => count(n, "minute", "minutes"),
    /** @param {number} n */
    seconds: (n) => count(n, "seconde", "secondes"),
    joinPrivate: "Cette partie est privée\u00a0: ses joueurs et ses options s'affichent une fois que vous l'avez rejointe.",
    /** @param {string} name */
    createdBy: (name) => `Une partie créée par ${name}.`,
    /** @param {string} status */
    joinNotOpen: (status) => `Cette partie n'est plus ouverte (${status})\u00a0: personne ne peut plus la rejoindre.`,
    seated: "À la table",
    /** @param {number} n @param {number} of */
    seatsTaken: (n, of) => `${num(n)} ${plural(n, "place prise", "places prises")} sur ${num(of)}`,
    yes: "Oui",
    no: "Non",
    ratedTerm: "Classement",
    rated: "Classée\u00a0: les classements des joueurs changent",
    unrated: "Non classée\u00a0: aucun classement ne change",
  },
  // Les réglages : les préférences de cet appareil, et le fuseau horaire proposé.
  device: {
    title: "Cet appareil",
    intro: "Ces trois choix sont gardés sur cet appareil, dans ce navigateur, pas sur votre compte.",
    confirmMoves: "Confirmer les coups",
    confirmMovesHint: "Une carte touchée n'est envoyée que lorsque vous appuyez sur Confirmer (activé par défaut sur un écran tactile).",
    turnAlert: "Alerte «\u00a0à vous de jouer\u00a0»",
    alerts: { off: "Aucune", sound: "Son", vibrate: "Vibration", both: "Son et vibration" },
    theme: "Couleurs",
    themes: { system: "Comme le système", light: "Claires", dark: "Sombres" },
    saved: "Gardé sur cet appareil.",
    /** @param {string} local @param {string} saved */
    zoneProposed: (local, saved) => `Le fuseau horaire de votre navigateur, ${local}, est choisi, mais votre compte garde ${saved} tant que vous n'avez pas enregistré.`,
    /** @param {string} saved */
    keepZone: (saved) => `Garder ${saved}`,
  },
  // La page d'audit : ce qu'elle prouve et ce qu'elle ne peut pas prouver, en mots simples.
  auditPlain: {
    proven: "Ce que cette page prouve\u00a0: l'ordre des cartes était scellé avant que la première soit distribuée, et personne, ce site compris, n'a modifié l'historique de la partie depuis.",
    notProven: "Ce qu'elle ne peut pas prouver\u00a0: que le site a mélangé au hasard plutôt que choisi un ordre, ni que des joueurs ne se sont pas montré leurs cartes en dehors du site.",
    docs: "Comment ces vérifications fonctionnent, pour les auditeurs (en anglais)",
  },
  // Le chat : le menu d'un message (son « Masquer » nommé en entier pour les lecteurs d'écran) et
  // le formulaire pour le signaler.
  chatLine: {
    mute: "Masquer",
    /** @param {string} name */
    title: (name) => `Signaler à l'opérateur le message ${de(name)}`,
    reason: "Pourquoi\u00a0? (1 à 500 caractères)",
    send: "Envoyer le signalement",
    cancel: "Annuler",
  },

  // Les tournois (règles du service §9.11) : la liste, le formulaire de création, la page d'un tournoi.
  tour: {
    nav: "Tournois",
    title: "Tournois",
    open: "Inscriptions ouvertes",
    running: "En cours",
    finished: "Terminés",
    noneOpen: "Aucun tournoi ne prend d'inscriptions en ce moment.",
    noneRunning: "Aucun tournoi n'est en cours.",
    noneFinished: "Aucun tournoi n'est encore terminé.",
    swiss: "Suisse",
    roundRobin: "Toutes rondes",
    /** @param {number} n */
    tableSize: (n) => `${num(n)} par table`,
    /**
     * @param {number} n
     * @param {number} max
     */
    playersOf: (n, max) => `${num(n)}/${num(max)} joueurs`,
    /**
     * @param {number} round
     * @param {number | null} rounds
     */
    roundOf: (round, rounds) => (rounds === null ? `ronde ${num(round)}` : `ronde ${num(round)} sur ${num(rounds)}`),
    /** @param {string} when */
    startsAt: (when) => `début le ${when}`,
    startsByCreator: "débute quand son créateur le lance",
    create: "Créer un tournoi",
    signInToCreate: "Connectez-vous pour créer un tournoi ou vous y inscrire.",
    name: "Nom",
    format: "Formule",
    tableSizeLabel: "Joueurs par table",
    rounds: "Rondes (3 à 11)",
    clock: "Temps par décision",
    rated: "Parties classées",
    botsAllowed: "Bots admis",
    minPlayers: "Joueurs au minimum pour débuter",
    maxPlayers: "Joueurs au maximum",
    startsAtLabel: "Début (facultatif ; vide : quand vous le lancez)",
    roundRobinNote: "Un toutes rondes se joue à deux par table ; le nombre de rondes découle du nombre de joueurs.",
    createButton: "Créer le tournoi",
    notFound: "Aucun tournoi n'a cette adresse.",
    statusOpen: "Inscriptions ouvertes",
    statusRunning: "En cours",
    statusFinished: "Terminé",
    statusCancelled: "Annulé",
    settings: "Réglages",
    createdBy: "Créé par",
    playersLabel: "Joueurs",
    /**
     * @param {number} min
     * @param {number} max
     */
    minMax: (min, max) => `de ${num(min)} à ${num(max)}`,
    roundsLabel: "Rondes",
    /** @param {number | null} n */
    roundsValue: (n) => (n === null ? "une de moins que de joueurs (pair), ou autant (impair)" : num(n)),
    targetScore: "Score à atteindre",
    ratedLabel: "Classé",
    yes: "Oui",
    no: "Non",
    starts: "Début",
    join: "S'inscrire",
    withdraw: "Se retirer",
    start: "Lancer maintenant",
    cancel: "Annuler le tournoi",
    joined: "Vous êtes inscrit.",
    withdrawn: "Vous vous êtes retiré de ce tournoi.",
    yourGame: "Votre partie en cours",
    yourBye: "Vous êtes exempt à cette ronde.",
    standings: "Classement",
    noPlayers: "Personne ne s'est encore inscrit.",
    rank: "Rang",
    player: "Joueur",
    points: "Points",
    buchholz: "Départage (Buchholz)",
    buchholzShort: "Buchholz",
    gameScore: "Score des parties",
    gameScoreShort: "Score",
    byes: "Exempts",
    withdrawnMark: "retiré",
    csv: "Télécharger le classement (CSV)",
    roundsTitle: "Rondes",
    noRounds: "La première ronde est appariée au lancement du tournoi.",
    /** @param {number} n */
    round: (n) => `Ronde ${num(n)}`,
    /** @param {number} n */
    table: (n) => `Table ${num(n)}`,
    /**
     * @param {number} place
     * @param {number} points
     * @param {number} score
     */
    result: (place, points, score) => `${ordinal(place)}, ${count(points, "point", "points")} (score ${num(score)})`,
    inPlay: "en jeu",
    /** @param {number} n */
    openGame: (n) => `Partie de la table ${num(n)}`,
    bye: "Exempt",
    /** @param {string} names */
    byesLine: (names) => `Exempt : ${names}`,
    profileTitle: "Tournois",
    profileNone: "Aucun tournoi pour l'instant.",
  },
};

export default messages;

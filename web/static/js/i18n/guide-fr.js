// Les textes du guide de première partie en français (chargés seulement par guide.js).

import { list, num } from "../format.js";

/** @type {import("./guide-en.js").GuideMessages} */
const guide = {
  title: "Conseil",
  dismiss: "Compris",
  allOff: "Ne plus afficher de conseils",
  turn:
    "À chaque tour, vous faites une seule chose. Recruter : prendre en main une carte de la rangée des recrues. Engager : poser une carte de votre main au bout de votre armée (choisissez une carte de votre main pour voir comment). Passer : seulement si vous ne pouvez faire ni l'un ni l'autre.",
  facing:
    "Face visible, tout le monde voit la carte et, si elle y a droit, elle peut utiliser son pouvoir tout de suite. Face cachée, elle reste secrète pour les autres jusqu'à la fin de la manche et n'utilise jamais son pouvoir, mais sa force compte pour votre armée.",
  eligible: (card, rule) => `${card} peut utiliser son pouvoir maintenant : ${rule}.`,
  notEligible: (card, rule) =>
    `${card} ne peut pas utiliser son pouvoir maintenant (elle peut quand même être engagée face visible, sans pouvoir). Une carte peut utiliser son pouvoir quand ${rule}, et seulement si son pouvoir a sur quoi agir.`,
  rules: {
    lowest_strength:
      "la règle des pouvoirs de cette partie est « force la plus faible » : aucun autre allié face visible en jeu, dans aucune armée, n'est plus faible qu'elle (un allié de même force ne l'en empêche pas)",
    lowest_in_clan:
      "la règle des pouvoirs de cette partie est « la plus faible de son clan » : aucun autre allié face visible de son clan en jeu n'est aussi faible ou plus faible",
  },
  decisions: {
    makgill_muster: "Pouvoir de votre Makgill : engagez tout de suite une autre carte de votre main, face visible ou cachée. Son propre pouvoir est vérifié à nouveau.",
    scott_copy: "Pouvoir de votre Scott : choisissez un autre allié face visible (pas un Scott) ; votre Scott utilise le pouvoir de ce clan comme s'il en était.",
    fergusson_swap: "Pouvoir de votre Fergusson : choisissez un allié d'une autre armée. Le Fergusson y va, et cet allié vient dans votre armée.",
    wemyss_discard: "Pouvoir de votre Wemyss : choisissez un autre allié, dans n'importe quelle armée (la vôtre aussi), à défausser. Tout le monde le voit.",
    cockburn_swap: "Pouvoir de votre Cockburn : choisissez un partisan de la rangée. Le Cockburn prend sa place dans la rangée et le partisan rejoint votre armée.",
    claim_supporter: "La manche est finie et votre armée classée : récupérez un partisan de la rangée. Sa force s'ajoute à votre score ; le premier à atteindre le score visé gagne. Chacun garde sa main pour la manche suivante.",
  },
  skirmish:
    "Après le cinquième tour, la manche se termine : tous les alliés face cachée sont retournés, la force de chaque armée est la somme de ses cartes, doublée si elle a au moins deux cartes toutes d'un même clan. L'armée la plus forte récupère un partisan la première ; à force égale, l'armée qui a la carte de plus haut rang passe devant. Attention, votre main passe à la manche suivante : aucune nouvelle main n'est distribuée, et les cartes que vous gardez maintenant sont celles avec lesquelles vous commencerez la prochaine manche.",
  now: (armies) => `En ce moment : ${list(armies)}.`,
  armyNow: (who, known, hidden) =>
    `${who} ${num(known)}${hidden > 0 ? ` et ${num(hidden)} carte${hidden === 1 ? "" : "s"} face cachée` : ""}`,
  lastSkirmish: (armies) => `La dernière manche a compté : ${list(armies)}.`,
  armyCounted: (who, strength, doubled) => `${who} ${num(strength)}${doubled ? ` (${num(strength / 2)}\u00a0×\u00a02)` : ""}`,
  finished:
    "La partie est finie. Le classement dit qui a récupéré le plus de force en partisans. « Revanche » rejoue contre le même robot ; « Apprendre en jouant », dans le salon, lance une nouvelle partie guidée.",
};

export default guide;

"""The reference for the ratings' model (service rules §9.7): Python `openskill`'s Weng-Lin
Bradley-Terry full-pair model with no additive dynamics (tau = 0) and kappa = 0.0001, its
default mu, sigma and beta. Reads JSON cases on stdin, a list of games, each a list of
players `{"mu", "sigma", "place"}`; prints, as JSON, each game's ratings after it, a list of
`{"mu", "sigma"}` in the same order. Usage: openskill_reference.py < cases.json"""

import json
import sys

from openskill.models import BradleyTerryFull


def main():
    model = BradleyTerryFull(tau=0, kappa=0.0001)
    out = []
    for game in json.load(sys.stdin):
        teams = [[model.rating(mu=p["mu"], sigma=p["sigma"])] for p in game]
        ranks = [p["place"] for p in game]
        rated = model.rate(teams, ranks=ranks)
        out.append([{"mu": team[0].mu, "sigma": team[0].sigma} for team in rated])
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()

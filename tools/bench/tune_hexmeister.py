"""Tune Hexmeister's opponent by matches on the PC (tools/bench/tune.py's search).

  .venv/bin/python tools/bench/tune_hexmeister.py [--level 5] [--pairs 50]
      [--openings 8] [--step 50] [--rounds 1] [--keep 0.55] [--judge self]
      [--workers N | --ray ADDRESS] [--out tuned_hexmeister.json] [KNOB ...]

Hexmeister's knowledge is its own: besides tune.py's knobs (Search.NAME,
Game.NAME, MODULE:NAME[:I]) a knob may be `EVT:i` (evaluation.EVT[i], the
weights; offsets in scoring/twins.py E_*), `twins:NAME` (a constant of
scoring/twins.py such as _BESIEGE1) or `search:NAME` (a constant of its
search.py such as EXTEND). Without knobs it tunes the scorer's siege
constants and the siege and attack weights.

The openings are 8 random plies by default, more than the strength table's 2,
so that two near-deterministic searches do not replay the same few games. A
kept value goes into evaluation.EVT, or into twins.py AND kernels.py alike
(the chip's kernels compile their constants in), and is confirmed with
strength.py.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tune  # noqa: E402

DEFAULT = ["twins:_BESIEGE1", "twins:_BESIEGE2", "EVT:45", "EVT:46", "EVT:52", "EVT:53"]
# the short names of Hexmeister's knobs, as tune.py's MODULE:NAME[:I]
ALIAS = {"EVT": "hexgames.hexmeister.evaluation:EVT:",
         "twins": "hexgames.hexmeister.scoring.twins:",
         "search": "hexgames.hexmeister.search:"}


def knob(k):
    kind, colon, rest = k.partition(":")
    return ALIAS[kind] + rest if colon and kind in ALIAS else k


def main(argv=None):
    ap = tune.parser(__doc__, game=False)
    ap.set_defaults(out="tuned_hexmeister.json")
    args = ap.parse_intermixed_args(argv)
    args.game = "hexmeister"
    try:
        return tune.tune(args, [knob(k) for k in args.knobs or DEFAULT])
    except ValueError as e:
        raise SystemExit("error: %s" % e)


if __name__ == "__main__":
    main()

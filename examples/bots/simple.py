#!/usr/bin/env python3
"""A small Rummikub bot speaking the bot protocol (docs/protocol.md).

Standard library only. Run it as a seat of `rummikub`:

    rummikub sim --players medium,"cmd:python3 examples/bots/simple.py" --games 200 --mirror

It reads one JSON message per line on stdin and answers each "turn" with
one line on stdout. Its play: lay every group and run it can make from its
rack (once their points reach the initial meld), then add single rack
tiles to the ends of runs and to groups of three on the table; otherwise
draw (or pass when the pool is empty). It never uses jokers or rearranges
the table. Diagnostics go to stderr, which the referee logs.
"""
import json
import sys

COLOURS = "RBOK"


def parse(tile):
    """'R7' -> ('R', 7); 'J' -> ('J', 0); 'J:R4' -> ('J', 0) standing for R4."""
    if tile.startswith("J"):
        return ("J", 0)
    return (tile[0], int(tile[1:]))


def value_of(tile):
    """The colour and number a table tile shows, a joker as what it stands for."""
    if tile.startswith("J:"):
        return parse(tile[2:])
    return parse(tile)


def find_sets(rack):
    """Greedy: groups first, then runs, from the numbered tiles of the rack.
    Returns (sets, tiles left), sets as lists of tile strings."""
    left = [t for t in rack if t != "J"]
    jokers = [t for t in rack if t == "J"]
    sets = []
    # Groups: one tile of each colour for a number.
    for n in range(13, 0, -1):
        group = []
        for c in COLOURS:
            t = "%s%d" % (c, n)
            if t in left:
                group.append(t)
        if len(group) >= 3:
            for t in group:
                left.remove(t)
            sets.append(group)
    # Runs: the longest stretches of consecutive numbers in a colour.
    for c in COLOURS:
        n = 1
        while n <= 13:
            run = []
            while n <= 13 and "%s%d" % (c, n) in left:
                run.append("%s%d" % (c, n))
                n += 1
            if len(run) >= 3:
                for t in run:
                    left.remove(t)
                sets.append(run)
            n += 1
    return sets, left + jokers


def points(sets):
    return sum(parse(t)[1] for s in sets for t in s)


def extend(table, left):
    """Add single rack tiles to the ends of runs and to groups of three."""
    table = [list(s) for s in table]
    placed = True
    while placed:
        placed = False
        for s in table:
            vals = [value_of(t) for t in s]
            colours = {c for c, _ in vals}
            numbers = [n for _, n in vals]
            is_group = len(set(numbers)) == 1 and len(s) >= 3
            for t in list(left):
                if t == "J":
                    continue
                c, n = parse(t)
                if is_group:
                    if len(s) < 4 and n == numbers[0] and c not in colours:
                        s.append(t)
                elif len(colours) == 1 and c in colours:
                    if n == numbers[0] - 1:
                        s.insert(0, t)
                    elif n == numbers[-1] + 1:
                        s.append(t)
                    else:
                        continue
                else:
                    continue
                left.remove(t)
                placed = True
                break
            if placed:
                break
    return table


def answer(turn, threshold):
    me = turn["seat"]
    if turn["reveal"]:
        return {"type": "keep", "id": turn["id"], "index": 0}
    if turn["must"]:  # we never pull from the River, but put one back if asked
        return {"type": "cancel-pull", "id": turn["id"]}
    rack = list(turn["rack"])
    table = turn["table"]
    melded = turn["melded"][me]
    sets, left = find_sets(rack)
    new_table = None
    if melded:
        grown = extend(table, left)
        if sets or grown != table:
            new_table = grown + sets
    elif sets and points(sets) >= threshold:
        new_table = [list(s) for s in table] + sets
    if new_table is not None:
        return {"type": "play", "id": turn["id"], "table": new_table}
    if turn["pool"] > 0:
        return {"type": "draw", "id": turn["id"]}
    return {"type": "pass", "id": turn["id"]}


def main():
    threshold = 30
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            threshold = msg["rules"].get("initial-meld", 30)
            reply = {"type": "ready", "name": "simple.py"}
        elif kind == "turn":
            reply = answer(msg, threshold)
        elif kind == "refused":
            print("refused:", msg.get("reason"), file=sys.stderr)
            continue
        else:  # game_over, match_over
            continue
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""translate-toolkit's side of `npm run bench:formats` (bench/po-format.bench.ts).

Usage: /usr/bin/python3 bench/ttk-po.py IN.po OUT.po

Parses IN.po with translate.storage.po.pofile.parsefile (the pure-Python pypo parser, the
default unless USECPO is set), edits every unit's target the same way the Parla child does
(so that every msgstr is re-quoted and re-wrapped on output), renders with bytes(store),
writes OUT.po and prints one JSON line with the times in seconds and ru_maxrss in KiB.
"""

import json
import resource
import sys
import time

from translate.misc.multistring import multistring
from translate.storage import po

SUFFIX = " \u2014 upraveno"  # " — upraveno", same as EDIT_SUFFIX in po-format.bench.ts


def with_suffix(form):
    """The suffix goes before a final newline, so msgid and msgstr still agree on it."""
    return form[:-1] + SUFFIX + "\n" if form.endswith("\n") else form + SUFFIX


def edited(target, source):
    """Each form gets the suffix; an empty form takes the source text for that form first."""
    sources = source.strings if isinstance(source, multistring) else [str(source)]
    forms = target.strings if isinstance(target, multistring) else [str(target)]
    return [with_suffix(form or sources[min(i, len(sources) - 1)]) for i, form in enumerate(forms)]


def main():
    src, out = sys.argv[1], sys.argv[2]
    t0 = time.perf_counter()
    store = po.pofile.parsefile(src)
    units = [u for u in store.units if not u.isheader() and not u.isobsolete()]
    t1 = time.perf_counter()
    for unit in units:
        forms = edited(unit.target, unit.source)
        unit.target = multistring(forms) if unit.hasplural() else forms[0]
    t2 = time.perf_counter()
    data = bytes(store)
    t3 = time.perf_counter()
    with open(out, "wb") as f:
        f.write(data)
    print(
        json.dumps(
            {
                "units": len(units),
                "parse": t1 - t0,
                "edit": t2 - t1,
                "serialize": t3 - t2,
                "maxRssKiB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                "bytes": len(data),
            }
        )
    )


if __name__ == "__main__":
    main()

"""Writes the table of proven dealt starts (deals.py ``PROVEN_TEXT``): ``python -m gamebox.upthrust.make_deals``.

It runs the set-up's proof (solver.prove, DEAL_NODES positions per search order, from an empty memo table) on each of
the 13,824 classes of deals (deals.class_board), under each row rule, and packs the answers one bit a class. About
10 minutes on CPython.
"""

from __future__ import annotations

import base64
from pathlib import Path

from gamebox.upthrust import deals, solver


def build(every_row: bool) -> bytes:
    """The solver's answer for every class, one bit each (bit i % 8 of byte i // 8)."""
    bits = bytearray(deals.CLASSES // 8)
    for index in range(deals.CLASSES):
        if solver.prove(deals.class_board(index), every_row) is not None:
            bits[index >> 3] |= 1 << (index & 7)
    return bytes(bits)


def main() -> None:
    lines = ["PROVEN_TEXT: Final = {"]
    for every_row in (False, True):
        text = base64.b64encode(build(every_row)).decode("ascii")
        lines.append(f"    {every_row}: (")
        lines.extend(f'        "{text[at:at + 96]}"' for at in range(0, len(text), 96))
        lines.append("    ),")
    lines.append("}")
    path = Path(deals.__file__)
    source = path.read_text(encoding="utf-8")
    head, rest = source.split("# -- begin PROVEN --\n", 1)
    _, tail = rest.split("# -- end PROVEN --\n", 1)
    path.write_text(head + "# -- begin PROVEN --\n" + "\n".join(lines) + "\n# -- end PROVEN --\n" + tail,
                    encoding="utf-8")


if __name__ == "__main__":
    main()

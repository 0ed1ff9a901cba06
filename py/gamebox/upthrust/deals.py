"""Which dealt starts of Score Up the solver proves: worked out once, so that a dealt start is made in milliseconds.

A dealt start (solver.deal) shuffles each of the four starting rows, so there are 24^4 = 331,776 deals. The set-up
keeps the first deal whose best the solver proves within DEAL_NODES positions per search order (solver.proven_best),
and tried every deal in turn: up to 128 solver runs (1.9 s in CPython for some seeds under Score Up's rule). Whether
a deal is proven depends only on the deal, and not on the names of its colours: the search reads a colour only to
compare it with another (the row rules, the leading piece), its move orders read squares, and its memo table is
keyed by the board, one to one under a renaming. So a deal is proven exactly when the deal whose colours are renamed
so that its first row reads 0 1 2 3 is, and the 13,824 such deals (24^3: the other three rows' orders) are all
there is to know: one bit each, per row rule, in ``PROVEN`` below (1,728 bytes a rule).

The set-up now skips, without a search, the deals this table says are not proven, and runs the solver on the one it
says is: the same deals as before, in the same order, from the same generator (so every link opens the game it
opened, and the golden files hold), and the target is still proven by the search at set-up, on the deal itself.

Regenerate (after a change to the search, its orders, DEAL_NODES or the bound: the table would then say something
else, and its test fails): ``python -m gamebox.upthrust.make_deals`` (about 10 minutes) rewrites the ``PROVEN``
lines of this file. tests/rules/test_upthrust_deals.py checks the table against the solver on a sample
of deals, and the classes of the golden seeds' deals.
"""

from __future__ import annotations

import base64
import itertools
from typing import Final

from gamebox.upthrust.board import COLUMNS, EMPTY, SQUARES

PERMUTATIONS: Final = tuple(itertools.permutations(range(4)))
_PERMUTATION_INDEX: Final = {permutation: index for index, permutation in enumerate(PERMUTATIONS)}
CLASSES: Final = 24 ** 3


def class_of(board: list[int]) -> int:
    """The deal's class: its colours renamed so that its first row reads 0 1 2 3, then the orders of rows 2-4 as a
    number below 13,824 (each row's order is its index among the 24 permutations, row 2 the most significant)."""
    rename = [0, 0, 0, 0]
    for column in range(COLUMNS):
        rename[board[column]] = column
    index = 0
    for row in range(1, 4):
        start = row * COLUMNS
        order = (rename[board[start]], rename[board[start + 1]], rename[board[start + 2]], rename[board[start + 3]])
        index = index * 24 + _PERMUTATION_INDEX[order]
    return index


def class_board(index: int) -> list[int]:
    """The deal of a class whose first row reads 0 1 2 3 (the inverse of class_of on such deals)."""
    board = [EMPTY] * SQUARES
    board[0:COLUMNS] = [0, 1, 2, 3]
    for row in range(3, 0, -1):
        index, order = divmod(index, 24)
        board[row * COLUMNS:(row + 1) * COLUMNS] = PERMUTATIONS[order]
    return board


# One bit per class (bit i % 8 of byte i // 8), base64; False: Upthrust's row rule, True: Score Up's. Written by
# ``python -m gamebox.upthrust.make_deals``.
# -- begin PROVEN --
PROVEN_TEXT: Final = {
    False: (
        "P8M8zMzDAPAD/8//DPDD//w8DPMA/wz8AMMDM8D/wMzA//w8zMwDM8P//88/P8D/wP/DzP/DM/A/wAwAzMzAwAwAwMwDwP8D"
        "wA/D8wzD///8///8MwP8DPMDwAz88ww8MwPDAAP88wz88wwAP/PADPPA//z8//zD////MwP8MwP88w8A8wz88w/A8wz8///8"
        "//8ADMDDP8PDDDP/DDDA//8A/w8AAMM/wM8/DPMDP8P8P8P8DAPAwD//wMzDDMDDwA/DDADAAAM8AAAADMDAMwADAAAAAAM8"
        "//z///zIAADD//88DPD/MwD8AADAAAAD8///////8ww88wz8AAADAAAAAAPAMwMAAAP/AADDwA//8w/8zP/8////DPP8MwP8"
        "AMMD///A//zDDPMDDDMDAMADDDPADPMA88//DPMADMMADDPA//wDDAMD/8/////A/8w/ADM/DAD/DPP/DPDDDPP/AAP8DAD8"
        "/wz/APA/DAD88/8DDDAA/ww8DAD/DPADAMD/ADMAAAM//ww8APDD/8zD/8z//8zDAPM8//zDDPDDAAA8DAM/AAA8AMAADMDD"
        "DAMAzA/8DADA/w/8/zw88/w8DDMADDDDMwDAAADAAPAD8/w8AAADwAz8DDADwAz8PwAADMAAwDw8AAAAM/ADAAAAPwAAAAAA"
        "MwDA8ww88w8D8w/88w/8AAAAMwD8MwMAzP88///AwA/8AAAAMwMAMwAA8wz88wwAzPz8MwP/MwM88wwAwAw8MwAAwA/8P/D8"
        "88w8APADPwPDAAAAMzPAP/MDAPAAADDDwD8/8/zAAAPA//8AAAAAADPDDDPDDADAAAPADADADAPAAAMDAAAAAPAAAAAAMwAD"
        "wA/8wAwDDPM/zP8DAAM8wAz8AAPAAAMAwAw8zP8DAAPDwA/8AADAwAwAAAADwAwAAAPDAAD/8w/88wz8AAPDwA/8AADAzP/8"
        "DDMDDPMDDMDADAMDDPMDADDDAMPD//8A8w/DDDMA888DDMMDDADA/w8AAPADDAMD/wwA8w88APMDDPPDAMPADPPDAMD/8zzD"
        "AAPAAPAD/wzAADMD8wz/AAM8AAPDADADAAMAAAMAAAMAAAM8ADAAAPDD8zwDAPDD8zwDAPAD8wwAAAAA8zzDAAAAAPPAADAA"
        "DPAA8/w/ADAAAPAAMzADDPMA8ww88w88AAAAzA88DDMAMwAAAAMA//8/88w/8/w/AAPDMwADMzDDMwAAP8AADAAAMwADAAAD"
        "////////zP/DAAD/MwP/8w/8MwPAMwPAMwD8DPD///w8//z8AAADDPPA//wAzPz///z/AAAD8w88AAD8DPDADPDDzP8AAAMA"
        "zP8AzMwD8zz//w8/zP8AwAwADPAA8w88AMAAzP8DDPADzPwAMzA/APMDAAAAwP8DPzD/AAADwD8ADADAzM/DwAwAAMMDMzA/"
        "MwDDP/D/DPD8AAD///88////AADADPDDwA/8AAA88wzDAADAzPwADPPAwAwD////wA8D////wA/8zP/8AAM88w//8w8AwA8A"
        "DDDD8/8AAAMA8/8A8//DAAA8DADAAPPAAMA/APAADPADDAA88/zD8/zAAAAADAAA//wADPDDAPPDAAAADMM/AAA8AMAADPP/"
        "AAP8AMDDAAADAMAAADA/AAM888//APMDAAPAAMAAADMDAAADAAMAAAMA8wzAAMDD8w/AADA8DPA/AAA88/wAAMAA88wDAPAA"
        "zM//P/PAzAz8DAMADAPADMPDADPD//88AAAA8ww8PwMAPzMDwAz8wA88DAAAMwDADADAMwPAPzDADPPDP/PDDPPDMwPAPwAA"
        "wDw8DPDADAAAPwMDAADD8ww8MwAA/8w8AAAD/w8/APAA8ww8DPDD/zz8APDD/zz8DAPAzPw/MwDDMwAAAPPAMwAAPwADP/DA"
        "zP/D//8/DPDD//8/zP8AzP/DM8P/DPPA88////88wM/DDMMDDDDD//888zz8/ww/888/ADADAPPDzP/DwP/AzP/DwPzD//z/"
        "M8A/M/D8APAAwD8AAPAD8ww8wM/D8888DMMDwP8ADAPA/ww8wPzA8z/8M/A88z/8APAADPPD//z8wAwADADAwAwADMPAwP8D"
        "MzA/DDPAP/D/DDPAzPzDP8A8AADAADAAwP88wD8AzA8A8ww8zD8DADAADAPDDDPADAMAwD/DzP88AADAAAAAAAAAAAAAM/M8"
        "wA/8zP8DDPP8DMPADAAAwAw8wAw/zP8A88////8AMwMDzDw8zA/DDMPAAPDDzPwDAPMDDAAAMwMAAAAADPMAAAAA//w8MwMA"
    ),
    True: (
        "QQgAAAAgAAAIAAQAAAgAAAAAAAAAAAAAAAABAAACAAAAAAAAAACAAAAAAAAAAAAAAAAAAAAAACgUAAAAAEIAAAAAAAAQAAAA"
        "BQABgwgUGCAAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAgAAQAAAwAIAAAAIIcAAgIEECCAAAAAAwAAAAAAAAAAAAABBAAAAAAAA"
        "AAAAAAAABQBAAAAAAAgAAAAAAAAAAAAIEAEAAgACAAAAAAAAAAAACCAAAAgAAAAAAAAiAAAAAAAAAAAAAAAAAAAAAAEAAAAA"
        "EgAACAAACQcAGgAAAAAACAAAAAAAAAAABBAgCgAAACgACAAAACBAAAAAAAAAAAAAAAAAgBAAAAAAAAAAAAAAgIAACAQAABAA"
        "AAAAAAAAFCCACQAJAIAAEAAAAAAAAAAAAAUAIAEAFCAAIAABBAAAAAAIAAAAAAAAAAAAAIAAAAAAAAEAACAAAAAAAAAAAAAE"
        "AAAIBAAUAAAAEAAAAAgAAAAAIAAAAAAAAAAAAAAQAAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAggAUAAAAAAAAgAAEAAAKAAAA"
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAIAAAAAAAAJAIAAAAAABAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAgAAAAAAAAAAAAAAAAAE"
        "AQAAAAAAgAAAAAAEgAAAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAIAAAAAAAAAAAkAgAAAAQAAAgAAQAAAAAAAAAAE"
        "AAAAAAAAEBCAAAAAAAAAAAAAAAAAAAAAAAABAAAAAIAAAAAAAAAAAAAAAAAAAAIAAAAAAAAABAAAAAAAAAAAAAAAAAAAAAAA"
        "AAAAACAABEAAABIAAAAAAAAAhAAAACJAAAAACAEAAAAAAAQAAAAAAACAIAAAAAAAAQAQAAAAAAIAAIAAAAAAAAAAAAQAEAAA"
        "AAAAAAAABAABAAAAAAAAAAAAAAoAAAQAAABAAAAAAAAAAAQAAAAAAAAAAAAAQAAAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAAA"
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIAAAACAAACAAAAAAQAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAA"
        "AAIAAAAAAAAAKAAAAAAAAAAAAAAAAABAAAAAAADAAAAAAAAAAAAAAAAIBAAQAAAAAAAAAAAAAAAAAAAAAAQQAAAAAAAAAAAA"
        "AAEACAAAAAAAAAAAAAAAAAAAAAAAAAICAAIAAAICAAgACAAAAAAAAKAgAAACACACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
        "AAAAAAAAAAAAAAAAABAAAAAAQAAAAAAAABAAAAEAAAAAAAAAAAAAAAAAABAAAIAAAIAAADQAUAAAAABAAEAAAAAAAEAAIBAA"
        "AQAAiIAAAAAAAAAAAAAAAAAAAAAQAAIIEAAAAAAAAAAAAIAAAAAAAAABAAAAAgAAAAAQAAAAAAAAAAAAAAAAEgAAAAQAAAAA"
        "QAACAAAAAABBAAAAAARAQAAAQACAAAAAAAACAAAAAAAAAAAAAAAAAAAAAAAAAACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABA"
        "AABAFAAACABBAAAAAAAAAAAAAAAAAAAAAACAAAAAAAAAAAQAABAAACAAAQAAAAAAAAADAAAAAAAAAAAAAAgAAAAAAgACAAAA"
        "AAAAAAAAAAAAAAAAAAAAAAEIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACAEEAAAAAIAAAEAAAAAAAAAAAAAAAAAAAAAAAAAIA"
        "AAAAAAgAAAAAAAAAAAAAAAAAAAAAAAAAAAAgAAAAAAAAAAAAACAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABF"
        "AAgAAgAUAAAAQAAAQAIAAAAAAAEAAAAAAAAAAADAAAAAAAAgABAEAAAgAAUAAAEAAAQAAAgAAEIAAAAAAAAgAAEACAAAEAAA"
        "AAgAEgAQAAAIAgAAgAQAAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAgAAAAAAAAAAQAAAQAAAA"
        "AAACAAAAAABxAAAAAAABAAAAAAAAAAAAAAACAAAAAAAAAAAAAAAAAAAAAAAAAAACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
        "AAAAAAAAAABAAAAAAAAIAAAAAAABQAAAAAGCAAAAAAAAAAAAAAAAAAAAAAAAQAAAAAABAAAAAAAAAAAAAAAgQgAAAAAAAAAA"
    ),
}
# -- end PROVEN --

_PROVEN: Final = {rule: base64.b64decode(text) for rule, text in PROVEN_TEXT.items()}


def proven(board: list[int], every_row: bool) -> bool:
    """Whether the solver proves this dealt start's best within DEAL_NODES positions per search order (the table)."""
    index = class_of(board)
    return bool(_PROVEN[every_row][index >> 3] >> (index & 7) & 1)

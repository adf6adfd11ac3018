"""User names that cannot pass for one another (issue 30).

A name is stored in Unicode NFKC form, so full-width letters, ligatures and
the like become the plain characters they stand for. Two names with the same
*skeleton* are refused as the same account: *Verify a certificate* shows a
name, and `trаinee` with a Cyrillic а must not pass for `trainee`.

The skeleton is a small, documented subset of the idea of Unicode's
confusables skeleton (UTS #39), not its full table: NFKC, case-folded, the
combining dot above dropped, then the common Latin look-alikes below mapped
to the Latin letter they imitate (lower-case Cyrillic and Greek letters
drawn the same as a Latin one, the dotless i, and the digits 0 and 1 for o
and l). Names in other scripts that imitate nothing Latin are left alone.
"""
from __future__ import annotations

import unicodedata

# Look-alike -> the Latin letter it is drawn as (after NFKC and case-folding).
LOOK_ALIKES = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ӏ": "l",
    "ԛ": "q", "ԝ": "w", "ү": "y", "ѵ": "v",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "γ": "y", "ω": "w",
    # Latin look-alikes and digits
    "ı": "i", "ɩ": "i", "ȷ": "j", "ɡ": "g", "ʟ": "l", "0": "o", "1": "l", "|": "l",
}
_TABLE = str.maketrans(LOOK_ALIKES)


def normalise(name: str) -> str:
    """The name as stored: NFKC, surrounding spaces removed."""
    return unicodedata.normalize("NFKC", name).strip()


def skeleton(name: str) -> str:
    """What the name looks like: two names with one skeleton are one name."""
    folded = unicodedata.normalize("NFD", normalise(name).casefold())
    folded = folded.replace("\u0307", "")          # the dot above (İ folds to i + dot)
    return unicodedata.normalize("NFC", folded).translate(_TABLE)

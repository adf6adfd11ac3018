"""Making change in the house's chip denominations (6.1, 6.2: wagers are in
chips, and a buy-in is converted to chips at once). The rulebooks do not say
which chips; standard practice gives the fewest chips, so that is what
`fewest_chips` works out, exactly, for any set of denominations (the larger
first only where that is also the fewest)."""
from __future__ import annotations

from typing import Iterable


def fewest_chips(amount: int, denominations: Iterable[int]) -> dict[int, int]:
    """{denomination: count} making `amount` in the fewest chips, largest
    first among equals; ValueError when the chips cannot make it."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ValueError(f"an amount of chips is a whole number, 0 or more, not {amount!r}")
    values = sorted({d for d in denominations}, reverse=True)
    if not values or any(isinstance(d, bool) or not isinstance(d, int) or d <= 0 for d in values):
        raise ValueError(f"chip denominations are positive whole numbers, not {values!r}")
    best: list[int] | None = None
    best_total = amount + 1

    def search(index: int, left: int, counts: list[int], used: int) -> None:
        nonlocal best, best_total
        if left == 0:
            if used < best_total:
                best, best_total = list(counts), used
            return
        if index == len(values) or used + -(-left // values[index]) >= best_total:
            return
        value = values[index]
        for count in range(left // value, -1, -1):
            counts.append(count)
            search(index + 1, left - count * value, counts, used + count)
            counts.pop()

    search(0, amount, [], 0)
    if best is None:
        raise ValueError(f"{amount} cannot be made from chips of {', '.join(map(str, sorted(values)))}")
    best += [0] * (len(values) - len(best))
    return dict(zip(values, best))

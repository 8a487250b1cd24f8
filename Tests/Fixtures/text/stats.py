# Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
import statistics
from dataclasses import dataclass
from typing import Iterable


@dataclass
class Summary:
    mean: float
    median: float
    count: int


def summarise(values: Iterable[float]) -> Summary:
    data = list(values)
    if not data:
        raise ValueError("no values")
    return Summary(statistics.mean(data), statistics.median(data), len(data))


if __name__ == "__main__":
    print(summarise([1.0, 2.5, 4.0]))

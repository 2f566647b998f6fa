"""The server's CPU per answer on Count the hand in "practise at my level" mode, by the shared
load driver (``../shared/tools/loadtest/wsload.py``), its learners sent to ``?level=normal``.

    python benchmarks/bench_level_load.py --levels 5 --seconds 30 --think 1 [--database-url URL]

Every option is the driver's own (see its ``--help``). Each cycle is one answer and one "Next
hand" (two script runs); the driver reports ``server_cpu_per_cycle_ms``. Target: under 60 ms.
A fresh database builds the hand bank on the first "Next hand" at my level (about 0.8 s of CPU,
once): pass the same ``--database-url`` twice and read the second run for the steady figure.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRIVER = Path(os.environ.get("WSLOAD", ROOT.parent / "shared" / "tools" / "loadtest"))


def main() -> int:
    sys.path.insert(0, str(DRIVER))
    import wsload  # type: ignore[import-not-found]  # the shared driver, beside the project

    plain = wsload.Client.__init__

    def at_my_level(self: object, base: str, name: str, rng: object) -> None:
        plain(self, base, name, rng)
        self.query += "&level=normal"  # type: ignore[attr-defined]

    wsload.Client.__init__ = at_my_level
    return int(wsload.main())


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())

"""Write ``tests/data/glossary_seed_excerpts.json``: the lines of the seed documents the glossary quotes.

Usage: ``python scripts/make_seed_excerpts.py [SEEDS_DIR]`` (default ``../shared/seeds``, the
seed documents next to the repository, where the glossary's terms were taken from).

CI runs a fresh clone with no seed documents beside it, so ``tests/tutor/lang/test_glossary.py`` checks
each term's evidence against this excerpt: each piece of evidence as it stands in its seed,
with 40 characters either side, and each seed's SHA-256 (of the file's bytes). Where the
seeds are present the test also checks the excerpt against them. Rerun it after a glossary
entry's evidence changes. Takes under a second.
"""

from __future__ import annotations

import hashlib
import json
import sys
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.lang.glossary import entries
from tutor.lang.languages import CODES

ROOT = Path(__file__).resolve().parent.parent

OUT = ROOT / "tests" / "data" / "glossary_seed_excerpts.json"
#: characters of the seed kept either side of each piece of evidence
CONTEXT = 40


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def excerpts(seeds: Path) -> dict[str, object]:
    quoted: dict[str, set[str]] = {}
    for lang in CODES:
        for e in entries(lang).values():
            if e.seed is not None and e.evidence is not None:
                quoted.setdefault(e.seed, set()).add(nfc(e.evidence))
    out: dict[str, object] = {}
    for seed in sorted(quoted):
        raw = (seeds / seed).read_bytes()
        text = nfc(raw.decode("utf-8"))
        snippets = []
        for evidence in sorted(quoted[seed]):
            at = text.find(evidence)
            if at < 0:
                raise SystemExit(f"{seed}: evidence not in it: {evidence}")
            # widened to whole words, so no letter is cut from its marks
            start = max(0, at - CONTEXT)
            while start > 0 and not text[start - 1].isspace():
                start -= 1
            end = min(len(text), at + len(evidence) + CONTEXT)
            while end < len(text) and not text[end].isspace():
                end += 1
            snippets.append(text[start:end].strip())
        out[seed] = {"sha256": hashlib.sha256(raw).hexdigest(), "snippets": snippets}
    return out


def main() -> None:
    seeds = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "seeds"
    data = {
        "about": "The words of the seed documents (../shared/seeds) that tutor/lang/glossary quotes, "
        "with some context; written by scripts/make_seed_excerpts.py",
        "seeds": excerpts(seeds),
    }
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()

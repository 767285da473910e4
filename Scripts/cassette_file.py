"""Writes a cassette file in the places format, for the make-*-cassettes scripts."""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write(path, note, interactions, indent=2):
    """`path` is relative to the repository root; the folder is made when missing. A large
    cassette may ask for `indent=1` to stay readable in a diff without doubling its size."""
    cassette = {"places_cassette": 1, "note": note, "interactions": interactions}
    full = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as out:
        json.dump(cassette, out, indent=indent, ensure_ascii=False)
        out.write("\n")
    print(f"wrote {path} ({len(interactions)} interactions, {os.path.getsize(full) // 1024} KB)")

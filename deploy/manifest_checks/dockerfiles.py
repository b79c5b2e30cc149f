"""Dockerfiles: every base image from an ARG pinned by digest."""

import re


# A pinned reference: name:tag@sha256:<64 hex>.
PINNED = re.compile(r"^[^@\s]+:[^@\s]+@sha256:[0-9a-f]{64}$")


def dockerfile_problems(text):
    """Every stage's base image comes from an ARG whose default is pinned by digest
    (name:tag@sha256:<64 hex>, not a placeholder), so a build without `make images`
    still starts from exactly the inspected image."""
    found, args = [], {}
    for n, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words:
            continue
        if words[0].upper() == "ARG" and len(words) > 1 and "=" in words[1]:
            name, _, value = words[1].partition("=")
            args[name] = value
            if ("@" in value or name.endswith("_IMAGE")) and not PINNED.match(value):
                found.append(f"line {n}: ARG {name}={value} is not name:tag@sha256:<64 hex>")
        if words[0].upper() == "FROM" and len(words) > 1:
            image = words[1]
            m = re.fullmatch(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?", image)
            if m:
                if m.group(1) not in args:
                    found.append(f"line {n}: FROM ${m.group(1)} has no ARG default above it")
            elif image.lower() not in stages(text):
                found.append(f"line {n}: FROM {image}: a base image must come from an ARG (pinnable by digest)")
    return found


def stages(text):
    return {w[3].lower() for w in (l.split() for l in text.splitlines()) if len(w) >= 4 and w[0].upper() == "FROM" and w[2].upper() == "AS"}

"""The PrometheusRules' groups as one rules file for promtool, and each alert's runbook
section."""

import re

import yaml

from .objects import load, value_at


def write_rules(path, out):
    """The groups of every PrometheusRule in `path` as one Prometheus rules file; prints
    how many rules (0: nothing written)."""
    groups = []
    for o in load(path):
        if o.get("kind") == "PrometheusRule":
            groups += value_at(o, "spec.groups") or []
    if groups:
        with open(out, "w", encoding="utf-8") as f:
            yaml.safe_dump({"groups": groups}, f, sort_keys=False)
    print(sum(len(g.get("rules") or []) for g in groups))
    return 0


def anchor(heading):
    """The anchor a Markdown heading gets (GitHub's rule: lower case, spaces to
    hyphens, punctuation other than hyphens and underscores dropped)."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def runbook_problems(objs, readme_text, readme_name):
    """Each alert's runbook_url is `<readme_name>#<anchor>` of a heading in the README."""
    anchors = {anchor(line.lstrip("#")) for line in readme_text.splitlines() if line.startswith("#")}
    found = []
    for o in objs:
        if o.get("kind") != "PrometheusRule":
            continue
        for g in value_at(o, "spec.groups") or []:
            for r in g.get("rules") or []:
                if not r.get("alert"):
                    continue
                url = str((r.get("annotations") or {}).get("runbook_url", ""))
                page, _, section = url.partition("#")
                if page != readme_name or section not in anchors:
                    found.append((o, f"alert {r['alert']}: runbook_url {url!r} is no section of {readme_name}"))
    return found

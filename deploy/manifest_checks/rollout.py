"""A shop Deployment's rollout: probes, a graceful stop, and the version label against
the image tag."""

import re

from .objects import pod_spec, uses_database


# The services' HTTP servers drain for up to 30 s after SIGTERM (actix shutdown_timeout).
DRAIN_SECONDS = 30
# A service's /readyz waits for a pooled connection: 5 s for a slot + 5 s to connect.
READYZ_DATABASE_WAIT_SECONDS = 10


# A label value: 63 characters at most, alphanumerics at both ends, `-_.` inside.
LABEL_VALUE = re.compile(r"^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$")


def image_tag(image):
    """The tag of an image reference (`None` without one), digest and registry port aside."""
    name = image.partition("@")[0]
    last = name.rsplit("/", 1)[-1]
    return last.partition(":")[2] or None


def version_label_problems(obj):
    """A shop Deployment's pods carry app.kubernetes.io/version: a valid label value,
    equal to the main container's image tag (a digest never goes into a label)."""
    template_labels = ((obj.get("spec") or {}).get("template") or {}).get("metadata") or {}
    version = (template_labels.get("labels") or {}).get("app.kubernetes.io/version")
    if version is None:
        return ["pod template has no app.kubernetes.io/version label"]
    version = str(version)
    found = []
    if len(version) > 63 or not LABEL_VALUE.match(version):
        found.append(f"app.kubernetes.io/version {version!r} is not a valid label value")
    for c in pod_spec(obj).get("containers") or []:
        tag = image_tag(c.get("image") or "")
        if tag is not None and tag != version:
            found.append(
                f"container {c.get('name')}: image tag {tag!r} differs from app.kubernetes.io/version {version!r}"
            )
    return found


def http_path(probe):
    return ((probe or {}).get("httpGet") or {}).get("path")


def prestop_seconds(c):
    """The preStop sleep in seconds, or None without one."""
    pre = (c.get("lifecycle") or {}).get("preStop") or {}
    if "sleep" in pre:
        return int((pre.get("sleep") or {}).get("seconds", 0))
    return None


def rollout_problems(pod, c):
    """A shop service's main container: probes and a graceful stop."""
    found = []
    if http_path(c.get("livenessProbe")) != "/healthz":
        found.append("livenessProbe is not GET /healthz")
    readiness = c.get("readinessProbe")
    if http_path(readiness) != "/readyz":
        found.append("readinessProbe is not GET /readyz")
    else:
        wait = READYZ_DATABASE_WAIT_SECONDS if uses_database(c) else 0
        timeout = int(readiness.get("timeoutSeconds", 1))
        if timeout <= wait:
            found.append(
                f"readinessProbe timeoutSeconds {timeout} is not above /readyz's own wait of {wait} s"
            )
    sleep = prestop_seconds(c)
    if sleep is None:
        found.append("no preStop sleep")
    else:
        grace = int(pod.get("terminationGracePeriodSeconds", 30))
        if grace <= sleep + DRAIN_SECONDS:
            found.append(
                f"terminationGracePeriodSeconds {grace} is not above preStop {sleep} s + drain {DRAIN_SECONDS} s"
            )
    return [f"container {c.get('name')}: {p}" for p in found]

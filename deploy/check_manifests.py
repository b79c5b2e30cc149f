#!/usr/bin/env python3
"""Security and wiring checks on one rendered kustomization (scripts/deploy-check.sh).

    check_manifests.py overlay RENDERED.yaml
    check_manifests.py service NAME RENDERED.yaml

Each problem is printed as one line naming the object and, for pods, the container
(init containers included); the exit status is 1 when there is any. Schema validity is
kubernetes-validate's job; this looks at what the schemas allow but the shop does not.
"""

import sys

import yaml

# What a container must keep, checked per container with the pod's settings as defaults.
WORKLOAD_KINDS = {"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob", "Pod"}
# The services' HTTP servers drain for up to 30 s after SIGTERM (actix shutdown_timeout).
DRAIN_SECONDS = 30
# A service's /readyz waits for a pooled connection: 5 s for a slot + 5 s to connect.
READYZ_DATABASE_WAIT_SECONDS = 10
# What a service's own kustomization renders, and nothing else.
SERVICE_KINDS = {
    "ServiceAccount",
    "Deployment",
    "Service",
    "HorizontalPodAutoscaler",
    "PodDisruptionBudget",
    "NetworkPolicy",
    "ConfigMap",
}


def name_of(obj):
    return f"{obj.get('kind')}/{(obj.get('metadata') or {}).get('name')}"


def pod_spec(obj):
    spec = obj.get("spec") or {}
    kind = obj.get("kind")
    if kind == "Pod":
        return spec
    if kind == "CronJob":
        spec = (spec.get("jobTemplate") or {}).get("spec") or {}
    return (spec.get("template") or {}).get("spec") or {}


def containers(pod):
    """(role, container) for every init and main container."""
    for c in pod.get("initContainers") or []:
        yield "init container", c
    for c in pod.get("containers") or []:
        yield "container", c


def container_problems(pod, role, c):
    """What one container lacks; the pod's securityContext counts where Kubernetes lets it."""
    psc = pod.get("securityContext") or {}
    sc = c.get("securityContext") or {}
    found = []
    if sc.get("runAsNonRoot", psc.get("runAsNonRoot")) is not True:
        found.append("runAsNonRoot is not true")
    if sc.get("readOnlyRootFilesystem") is not True:
        found.append("readOnlyRootFilesystem is not true")
    if sc.get("allowPrivilegeEscalation") is not False:
        found.append("allowPrivilegeEscalation is not false")
    if "ALL" not in ((sc.get("capabilities") or {}).get("drop") or []):
        found.append('capabilities.drop lacks "ALL"')
    seccomp = sc.get("seccompProfile") or psc.get("seccompProfile") or {}
    if seccomp.get("type") != "RuntimeDefault":
        found.append("seccompProfile is not RuntimeDefault")
    limits = (c.get("resources") or {}).get("limits") or {}
    for resource in ("cpu", "memory"):
        if resource not in limits:
            found.append(f"no {resource} limit")
    image = c.get("image") or ""
    tag = image.rsplit("/", 1)[-1].partition(":")[2]
    if "@" not in image and tag in ("", "latest"):
        found.append(f"image {image!r} has no release tag")
    return [f"{role} {c.get('name')}: {p}" for p in found]


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
        uses_database = any(e.get("name") == "DATABASE_URL" for e in c.get("env") or [])
        wait = READYZ_DATABASE_WAIT_SECONDS if uses_database else 0
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


def workload_problems(obj):
    pod = pod_spec(obj)
    found = []
    if pod.get("automountServiceAccountToken") is not False:
        found.append("automountServiceAccountToken is not false")
    for role, c in containers(pod):
        found += container_problems(pod, role, c)
    labels = (obj.get("metadata") or {}).get("labels") or {}
    if obj.get("kind") == "Deployment" and labels.get("app.kubernetes.io/part-of") == "shop":
        for c in pod.get("containers") or []:
            found += rollout_problems(pod, c)
    return found


def network_policy_problems(obj):
    """Every rule names its peers: a rule without them admits any address."""
    spec = obj.get("spec") or {}
    found = []
    for i, rule in enumerate(spec.get("ingress") or []):
        if not rule.get("from"):
            found.append(f"ingress rule {i} admits any source")
    for i, rule in enumerate(spec.get("egress") or []):
        if not rule.get("to"):
            found.append(f"egress rule {i} reaches any destination")
    return found


def env_reference_problems(objs):
    """Within a whole overlay, every ConfigMap a pod reads exists and has the keys it names
    (a key an overlay forgot, such as TRUSTED_PROXIES, would keep the pod from starting)."""
    config_maps = {
        (o.get("metadata") or {}).get("name"): (o.get("data") or {})
        for o in objs
        if o.get("kind") == "ConfigMap"
    }
    found = []
    for obj in objs:
        if obj.get("kind") not in WORKLOAD_KINDS:
            continue
        for role, c in containers(pod_spec(obj)):
            for source in c.get("envFrom") or []:
                ref = source.get("configMapRef")
                if ref and not ref.get("optional") and ref.get("name") not in config_maps:
                    found.append(
                        (obj, f"{role} {c.get('name')}: ConfigMap {ref.get('name')} is not rendered")
                    )
            for env in c.get("env") or []:
                ref = (env.get("valueFrom") or {}).get("configMapKeyRef")
                if not ref or ref.get("optional"):
                    continue
                data = config_maps.get(ref.get("name"))
                if data is None:
                    found.append(
                        (obj, f"{role} {c.get('name')}: ConfigMap {ref.get('name')} is not rendered")
                    )
                elif ref.get("key") not in data:
                    found.append(
                        (obj, f"{role} {c.get('name')}: {env.get('name')} needs key "
                              f"{ref.get('key')} in ConfigMap {ref.get('name')}")
                    )
    return found


def migration_path_problems(objs):
    """One migration path: a Job per release or the init container, never both."""
    init, jobs = [], []
    for obj in objs:
        pod = pod_spec(obj)
        if obj.get("kind") in ("Job", "CronJob"):
            if any("migrate" in (c.get("args") or []) for c in pod.get("containers") or []):
                jobs.append(obj)
        elif obj.get("kind") in WORKLOAD_KINDS:
            if any("migrate" in (c.get("args") or []) for c in pod.get("initContainers") or []):
                init.append(obj)
    if init and jobs:
        return [(jobs[0], f"migrates in a Job while {name_of(init[0])} migrates in an init container")]
    return []


def check(objs, mode, service=None):
    """Problems as (object, message) pairs."""
    found = []
    for obj in objs:
        kind = obj.get("kind")
        if kind == "Secret":
            found.append((obj, "a Secret is rendered; secret values are never committed"))
        if kind in WORKLOAD_KINDS:
            found += [(obj, p) for p in workload_problems(obj)]
        if kind == "NetworkPolicy":
            found += [(obj, p) for p in network_policy_problems(obj)]
    found += migration_path_problems(objs)
    if mode == "overlay":
        found += env_reference_problems(objs)
        namespaces = [o for o in objs if o.get("kind") == "Namespace"]
        if len(namespaces) != 1:
            found.append(({"kind": "Namespace"}, f"{len(namespaces)} Namespaces rendered, expected one"))
        for ns in namespaces:
            labels = (ns.get("metadata") or {}).get("labels") or {}
            if labels.get("pod-security.kubernetes.io/enforce") != "restricted":
                found.append((ns, "Pod Security is not enforced as restricted"))
    else:
        kinds = {o.get("kind") for o in objs}
        for missing in sorted(SERVICE_KINDS - kinds):
            found.append(({"kind": missing, "metadata": {"name": service}}, "not rendered"))
        for obj in objs:
            labels = (obj.get("metadata") or {}).get("labels") or {}
            if obj.get("kind") not in SERVICE_KINDS:
                found.append((obj, f"does not belong in {service}'s own kustomization"))
            elif labels.get("app.kubernetes.io/name") != service:
                found.append((obj, f"is not labelled app.kubernetes.io/name={service}"))
    return found


def main(argv):
    if len(argv) == 3 and argv[1] == "overlay":
        mode, service, path = "overlay", None, argv[2]
    elif len(argv) == 4 and argv[1] == "service":
        mode, service, path = "service", argv[2], argv[3]
    else:
        print("usage: check_manifests.py overlay FILE | service NAME FILE", file=sys.stderr)
        return 2
    with open(path, encoding="utf-8") as f:
        objs = [o for o in yaml.safe_load_all(f) if o]
    problems = check(objs, mode, service)
    for obj, message in problems:
        print(f"{name_of(obj)}: {message}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

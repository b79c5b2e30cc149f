#!/usr/bin/env python3
"""Security and wiring checks on one rendered kustomization (scripts/deploy-check.sh).

    check_manifests.py overlay RENDERED.yaml          the whole shop of one environment
    check_manifests.py shared RENDERED.yaml           the shared part of one environment
    check_manifests.py service NAME RENDERED.yaml     one service's environment folder
    check_manifests.py objects FILE.yaml              plain objects (the Argo CD examples)
    check_manifests.py builtin RENDERED.yaml OUT.yaml  writes the objects of built-in kinds
                                                      to OUT (for the schema validator)
                                                      and prints the counts
    check_manifests.py rules RENDERED.yaml OUT.yaml    writes the PrometheusRules' groups
                                                      as one rules file (for promtool)
    check_manifests.py runbooks RENDERED.yaml README  every alert's runbook_url names
                                                      a section of README
    check_manifests.py dockerfile FILE...             base images pinnable by digest

`--environment=production` (or local) before overlay, shared or service adds that
environment's rules: production migrates every database service in a Job only.

Each problem is printed as one line naming the object and, for pods, the container
(init containers included); the exit status is 1 when there is any. Schema validity is
kubernetes-validate's job for the built-in kinds; the custom resources (HTTPRoute,
ServiceMonitor, PrometheusRule, Certificate, ...) have no schema there, so their
structure is checked here (manifest_checks/custom_resources.py); an object of any
other custom kind fails. Beyond schemas, this looks at what they allow but the shop does
not: Pod Security `restricted`, the version label, the internal keys' wiring, a Secret
that holds what its service reads and nothing else.

This file dispatches the commands and holds what a render must contain as a whole; each
thing checked has its module in manifest_checks/: objects (reading them), pod_security,
rollout (probes, stop, version label), secret_wiring, config_maps, migrations,
custom_resources, alerts, dockerfiles.
"""

import sys

import yaml

from manifest_checks.alerts import runbook_problems, write_rules
from manifest_checks.config_maps import env_reference_problems
from manifest_checks.custom_resources import cross_reference_problems, custom_problems
from manifest_checks.dockerfiles import dockerfile_problems
from manifest_checks.migrations import migration_path_problems
from manifest_checks.objects import WORKLOAD_KINDS, containers, is_builtin, load, name_of, pod_spec
from manifest_checks.pod_security import container_problems, pod_security_problems
from manifest_checks.rollout import rollout_problems, version_label_problems
from manifest_checks.secret_wiring import file_env_problems, internal_key_problems

# What a service's own environment folder renders: always, and at most.
SERVICE_KINDS = {
    "ServiceAccount",
    "Deployment",
    "Service",
    "HorizontalPodAutoscaler",
    "PodDisruptionBudget",
    "NetworkPolicy",
    "ConfigMap",
}
SERVICE_OPTIONAL_KINDS = {"ServiceMonitor", "ExternalSecret", "Job"}
# The gateway also carries the ways in and its certificate.
GATEWAY_OPTIONAL_KINDS = {"Ingress", "HTTPRoute", "Certificate"}


def workload_problems(obj):
    pod = pod_spec(obj)
    found = []
    if pod.get("automountServiceAccountToken") is not False:
        found.append("automountServiceAccountToken is not false")
    for role, c in containers(pod):
        found += container_problems(pod, role, c)
    found += pod_security_problems(pod)
    found += file_env_problems(pod)
    labels = (obj.get("metadata") or {}).get("labels") or {}
    if obj.get("kind") == "Deployment" and labels.get("app.kubernetes.io/part-of") == "shop":
        for c in pod.get("containers") or []:
            found += rollout_problems(pod, c)
        found += version_label_problems(obj)
        found += internal_key_problems(obj)
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


def check(objs, mode, service=None, environment=None):
    """Problems as (object, message) pairs; `environment` (local, production) adds its
    own rules."""
    found = []
    for obj in objs:
        kind = obj.get("kind")
        if kind == "Secret":
            found.append((obj, "a Secret is rendered; secret values are never committed"))
        if kind in WORKLOAD_KINDS:
            found += [(obj, p) for p in workload_problems(obj)]
        if kind == "NetworkPolicy":
            found += [(obj, p) for p in network_policy_problems(obj)]
        if not is_builtin(obj):
            found += [(obj, p) for p in custom_problems(obj)]
    found += migration_path_problems(objs, environment)
    found += cross_reference_problems(objs)
    if mode == "objects":
        return found
    # Every ConfigMap a pod reads is rendered beside it: a service folder applies alone.
    found += env_reference_problems(objs)
    if mode in ("overlay", "shared"):
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
        allowed = SERVICE_KINDS | SERVICE_OPTIONAL_KINDS
        if service == "gateway":
            allowed |= GATEWAY_OPTIONAL_KINDS
        for obj in objs:
            labels = (obj.get("metadata") or {}).get("labels") or {}
            if obj.get("kind") not in allowed:
                found.append((obj, f"does not belong in {service}'s own kustomization"))
            elif labels.get("app.kubernetes.io/name") != service:
                found.append((obj, f"is not labelled app.kubernetes.io/name={service}"))
    return found


def write_builtin(path, out):
    """Writes the built-in objects of `path` to `out`; prints `<built-in> <custom>`."""
    objs = load(path)
    builtin = [o for o in objs if is_builtin(o)]
    with open(out, "w", encoding="utf-8") as f:
        yaml.safe_dump_all(builtin, f, sort_keys=False)
    print(len(builtin), len(objs) - len(builtin))
    return 0


def main(argv):
    environment = None
    if len(argv) > 1 and argv[1].startswith("--environment="):
        environment = argv[1].partition("=")[2]
        argv = argv[:1] + argv[2:]
    if len(argv) >= 3 and argv[1] == "dockerfile":
        bad = 0
        for path in argv[2:]:
            with open(path, encoding="utf-8") as f:
                for p in dockerfile_problems(f.read()):
                    print(f"{path}: {p}")
                    bad = 1
        return bad
    if len(argv) == 4 and argv[1] == "builtin":
        return write_builtin(argv[2], argv[3])
    if len(argv) == 4 and argv[1] == "rules":
        return write_rules(argv[2], argv[3])
    if len(argv) == 4 and argv[1] == "runbooks":
        with open(argv[3], encoding="utf-8") as f:
            problems = runbook_problems(load(argv[2]), f.read(), argv[3])
        for obj, message in problems:
            print(f"{name_of(obj)}: {message}")
        return 1 if problems else 0
    if len(argv) == 3 and argv[1] in ("overlay", "shared", "objects"):
        mode, service, path = argv[1], None, argv[2]
    elif len(argv) == 4 and argv[1] == "service":
        mode, service, path = "service", argv[2], argv[3]
    else:
        print(
            "usage: check_manifests.py [--environment=ENV] overlay FILE | shared FILE | service NAME FILE"
            " | objects FILE | builtin FILE OUT | rules FILE OUT | runbooks FILE README"
            " | dockerfile FILE...",
            file=sys.stderr,
        )
        return 2
    objs = load(path)
    problems = check(objs, mode, service, environment)
    for obj, message in problems:
        print(f"{name_of(obj)}: {message}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

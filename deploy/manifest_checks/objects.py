"""Reading rendered objects: names, API groups, labels, pod specs and their containers,
fields by dotted path; shared by every check."""

import yaml


# The kinds that run pods: each container is checked, with the pod's settings as defaults.
WORKLOAD_KINDS = {"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob", "Pod"}


# API groups the schema validator knows (core is "").
BUILTIN_GROUPS = {
    "",
    "apps",
    "batch",
    "policy",
    "autoscaling",
    "networking.k8s.io",
    "rbac.authorization.k8s.io",
    "storage.k8s.io",
    "scheduling.k8s.io",
    "coordination.k8s.io",
    "discovery.k8s.io",
    "admissionregistration.k8s.io",
    "apiextensions.k8s.io",
    "certificates.k8s.io",
    "node.k8s.io",
}


def name_of(obj):
    return f"{obj.get('kind')}/{(obj.get('metadata') or {}).get('name')}"


def api_group(obj):
    api = obj.get("apiVersion") or ""
    return api.rpartition("/")[0] if "/" in api else ""


def is_builtin(obj):
    return api_group(obj) in BUILTIN_GROUPS


def labels_of(obj):
    return (obj.get("metadata") or {}).get("labels") or {}


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


def env_names(c):
    return {e.get("name") for e in c.get("env") or []}


def config_maps_of(objs):
    """ConfigMap name -> its data, for every ConfigMap rendered."""
    return {(o.get("metadata") or {}).get("name"): (o.get("data") or {}) for o in objs if o.get("kind") == "ConfigMap"}


def uses_database(c):
    """The container is given a database to connect to."""
    return bool({"DATABASE_URL", "DATABASE_URL_FILE"} & env_names(c))


def value_at(obj, path):
    """The value at the dotted `path` of obj, or None."""
    value = obj
    for part in path.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def required_fields(obj, paths):
    return [f"{p} is missing" for p in paths if value_at(obj, p) in (None, "", [], {})]


def load(path):
    with open(path, encoding="utf-8") as f:
        return [o for o in yaml.safe_load_all(f) if o]

"""One migration path per service: a PreSync Job or an init container, never both, and
the Job only in production."""

from .config_maps import env_value
from .objects import WORKLOAD_KINDS, config_maps_of, containers, labels_of, name_of, pod_spec, uses_database


# Argo CD runs a hook in its phase; a PreSync Job runs before the Sync phase applies the
# folder's other objects, so it reads none of them but the Secret (already there).
HOOK = "argocd.argoproj.io/hook"
HOOK_DELETE_POLICY = "argocd.argoproj.io/hook-delete-policy"


def _migrates(c):
    return "migrate" in (c.get("args") or [])


def _hook_values(obj, key):
    annotations = (obj.get("metadata") or {}).get("annotations") or {}
    return {v.strip() for v in str(annotations.get(key, "")).split(",") if v.strip()}


def migration_job_problems(job):
    """A migration Job is an Argo CD PreSync hook that can run again at every release and
    ends: recreated before each sync (a Job's pod template cannot change), never restarted
    in place, bounded in time, reading no ConfigMap (the Sync phase creates those later:
    a generated one under a new name at each change)."""
    found = []
    if "PreSync" not in _hook_values(job, HOOK):
        found.append(f"a migration Job must be an Argo CD PreSync hook ({HOOK}: PreSync)")
    if "BeforeHookCreation" not in _hook_values(job, HOOK_DELETE_POLICY):
        found.append(f"a migration Job needs {HOOK_DELETE_POLICY}: BeforeHookCreation (a Job cannot be changed, only recreated)")
    spec = job.get("spec") or {}
    pod = pod_spec(job)
    if pod.get("restartPolicy") != "Never":
        found.append("a migration Job's restartPolicy is not Never")
    for field in ("backoffLimit", "activeDeadlineSeconds", "ttlSecondsAfterFinished"):
        if not isinstance(spec.get(field), int):
            found.append(f"a migration Job has no {field}")
    for role, c in containers(pod):
        names = [s["configMapRef"].get("name") for s in c.get("envFrom") or [] if s.get("configMapRef")]
        names += [
            e["valueFrom"]["configMapKeyRef"].get("name")
            for e in c.get("env") or []
            if (e.get("valueFrom") or {}).get("configMapKeyRef")
        ]
        for name in names:
            found.append(f"{role} {c.get('name')}: reads ConfigMap {name}, which the Sync phase applies after this PreSync hook")
    return found


def migration_path_problems(objs, environment=None):
    """One migration path per service: a Job per release or the init container, never
    both. Where a Job migrates, the service's Deployment does not (MIGRATE_ON_START=false)
    and the Job is a PreSync hook; MIGRATE_ON_START=false needs one of the two paths.
    In production, the Job is the path of every service with a database."""
    config_maps = config_maps_of(objs)
    init, jobs, deployments = {}, {}, []
    for obj in objs:
        pod = pod_spec(obj)
        service = labels_of(obj).get("app.kubernetes.io/name")
        if obj.get("kind") in ("Job", "CronJob"):
            if any(_migrates(c) for c in pod.get("containers") or []):
                jobs.setdefault(service, []).append(obj)
        elif obj.get("kind") in WORKLOAD_KINDS:
            if any(_migrates(c) for c in pod.get("initContainers") or []):
                init.setdefault(service, []).append(obj)
            if obj.get("kind") == "Deployment":
                deployments.append(obj)
    found = []
    all_init = [o for group in init.values() for o in group]
    all_jobs = [o for group in jobs.values() for o in group]
    if all_init and all_jobs:
        found.append((all_jobs[0], f"migrates in a Job while {name_of(all_init[0])} migrates in an init container"))
    for job in all_jobs:
        found += [(job, p) for p in migration_job_problems(job)]
    for d in deployments:
        service = labels_of(d).get("app.kubernetes.io/name")
        users = [c for c in pod_spec(d).get("containers") or [] if uses_database(c)]
        if not users:
            continue
        own_jobs = jobs.get(service, [])
        for c in users:
            on_start = env_value(c, "MIGRATE_ON_START", config_maps)
            checks_only = on_start is not None and on_start.strip().lower() == "false"
            if own_jobs and not checks_only:
                found.append((d, f"container {c.get('name')}: MIGRATE_ON_START is not false, while {name_of(own_jobs[0])} migrates"))
            if checks_only and not own_jobs and d not in init.get(service, []):
                found.append((d, f"container {c.get('name')}: MIGRATE_ON_START=false, but neither a Job nor an init container migrates"))
        if environment == "production":
            if d in init.get(service, []):
                found.append((d, "production migrates in a Job only: remove the migrate init container"))
            if len(own_jobs) != 1:
                found.append((d, f"production needs exactly one migration Job for {service}, found {len(own_jobs)}"))
    return found

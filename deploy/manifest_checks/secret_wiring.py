"""What pods read from Secrets (env, envFrom, mounted files), and the internal keys
each service sends and accepts."""

from .objects import containers, env_names, labels_of, pod_spec


# Who calls whom with an internal key: each service sends its own (INTERNAL_API_KEY,
# none for identity, which calls no one) and accepts each legitimate caller's under
# <CALLER>_INTERNAL_KEY.
CALLERS = {
    "identity": ["gateway", "retailstore", "paymentprovider", "system"],
    "system": ["retailstore", "paymentprovider"],
    "retailstore": ["paymentprovider"],
    "paymentprovider": ["retailstore"],
    "gateway": [],
}
SENDS_INTERNAL_KEY = {"gateway", "system", "retailstore", "paymentprovider"}


def _secret_reads(c, pod):
    """(Secret name, key, optional) a container reads: secretKeyRef env, secretRef
    envFrom (key None: the whole Secret), and the files of a Secret volume it mounts (each
    projected item; a volume without items exposes every key, counted by the `*_FILE`
    variables that point into it)."""
    for env in c.get("env") or []:
        ref = (env.get("valueFrom") or {}).get("secretKeyRef")
        if ref:
            yield ref.get("name"), ref.get("key"), bool(ref.get("optional"))
    for source in c.get("envFrom") or []:
        ref = source.get("secretRef")
        if ref:
            yield ref.get("name"), None, bool(ref.get("optional"))
    if pod is None:
        return
    for folder, secret in _secret_mounts(c, pod).items():
        items = secret.get("items")
        optional = bool(secret.get("optional"))
        if items:
            for item in items:
                yield secret.get("secretName"), item.get("key"), optional
            continue
        for env in c.get("env") or []:
            if env.get("name", "").endswith("_FILE") and str(env.get("value", "")).rpartition("/")[0] == folder:
                yield secret.get("secretName"), str(env["value"]).rpartition("/")[2], optional


def _secret_mounts(c, pod):
    """mount folder -> the Secret volume source mounted there."""
    volumes = {v.get("name"): v for v in pod.get("volumes") or []}
    mounts = {}
    for m in c.get("volumeMounts") or []:
        secret = (volumes.get(m.get("name")) or {}).get("secret")
        if secret:
            mounts[m.get("mountPath", "").rstrip("/")] = secret
    return mounts


def file_env_problems(pod):
    """A `*_FILE` variable that points into a mounted Secret names a file it projects."""
    found = []
    for role, c in containers(pod):
        mounts = _secret_mounts(c, pod)
        for env in c.get("env") or []:
            if not env.get("name", "").endswith("_FILE") or "value" not in env:
                continue
            folder, _, file = str(env["value"]).rpartition("/")
            secret = mounts.get(folder)
            if secret and secret.get("items") and file not in [i.get("path") for i in secret["items"]]:
                found.append(f"{role} {c.get('name')}: {env['name']} points at {env['value']}, which the Secret volume does not project")
    return found


def pod_secret_reads(obj):
    pod = pod_spec(obj)
    for _, c in containers(pod):
        yield from _secret_reads(c, pod)


def internal_key_problems(obj):
    """The per-caller internal keys: a service sends its own key (INTERNAL_API_KEY, or
    its _FILE form) unless it calls no one, and reads <CALLER>_INTERNAL_KEY for each
    legitimate caller and for no one else."""
    service = labels_of(obj).get("app.kubernetes.io/name")
    if service not in CALLERS:
        return []
    found = []
    for c in pod_spec(obj).get("containers") or []:
        if c.get("name") != service:
            continue
        names = {n.removesuffix("_FILE") for n in env_names(c)}
        sends = "INTERNAL_API_KEY" in names
        if service in SENDS_INTERNAL_KEY and not sends:
            found.append(f"container {service}: no INTERNAL_API_KEY (the key it sends)")
        if service not in SENDS_INTERNAL_KEY and sends:
            found.append(f"container {service}: INTERNAL_API_KEY set, but {service} calls no one")
        accepted = {n[: -len("_INTERNAL_KEY")].lower() for n in names if n.endswith("_INTERNAL_KEY")}
        for caller in sorted(set(CALLERS[service]) - accepted):
            found.append(f"container {service}: no {caller.upper()}_INTERNAL_KEY ({caller} calls it)")
        for caller in sorted(accepted - set(CALLERS[service])):
            found.append(f"container {service}: {caller.upper()}_INTERNAL_KEY set, but {caller} does not call it")
    return found

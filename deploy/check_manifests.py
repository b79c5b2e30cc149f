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
structure is checked here ([CUSTOM_CHECKS]); an object of any other custom kind fails.
Beyond schemas, this looks at what they allow but the shop does not: Pod Security
`restricted`, the version label, the internal keys' wiring, a Secret that holds what
its service reads and nothing else.
"""

import re
import sys

import yaml

# What a container must keep, checked per container with the pod's settings as defaults.
WORKLOAD_KINDS = {"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob", "Pod"}
# The services' HTTP servers drain for up to 30 s after SIGTERM (actix shutdown_timeout).
DRAIN_SECONDS = 30
# A service's /readyz waits for a pooled connection: 5 s for a slot + 5 s to connect.
READYZ_DATABASE_WAIT_SECONDS = 10
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

# A label value: 63 characters at most, alphanumerics at both ends, `-_.` inside.
LABEL_VALUE = re.compile(r"^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$")

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


def env_names(c):
    return {e.get("name") for e in c.get("env") or []}


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


# The sysctls Pod Security's baseline allows.
SAFE_SYSCTLS = {
    "kernel.shm_rmid_forced",
    "net.ipv4.ip_local_port_range",
    "net.ipv4.ip_unprivileged_port_start",
    "net.ipv4.tcp_syncookies",
    "net.ipv4.ping_group_range",
    "net.ipv4.ip_local_reserved_ports",
    "net.ipv4.tcp_keepalive_time",
    "net.ipv4.tcp_fin_timeout",
    "net.ipv4.tcp_keepalive_intvl",
    "net.ipv4.tcp_keepalive_probes",
}
SELINUX_TYPES = {"", "container_t", "container_init_t", "container_kvm_t", "container_engine_t"}


def _confinement_problems(sc):
    """A pod's or container's securityContext keeps AppArmor, SELinux and Windows
    containers as the baseline allows."""
    found = []
    if (sc.get("appArmorProfile") or {}).get("type") == "Unconfined":
        found.append("AppArmor profile is Unconfined")
    se = sc.get("seLinuxOptions") or {}
    if se.get("user") or se.get("role"):
        found.append("seLinuxOptions sets a user or role")
    if se.get("type", "") not in SELINUX_TYPES:
        found.append(f"seLinuxOptions type {se.get('type')} is not allowed")
    if (sc.get("windowsOptions") or {}).get("hostProcess"):
        found.append("windowsOptions.hostProcess is true")
    return found


def pod_security_problems(pod):
    """The Pod Security Standard `restricted` (baseline included) beyond what
    container_problems checks: no host namespaces, ports or paths, allowed volume types
    only, no root user, no added capability but NET_BIND_SERVICE, no privileged mode."""
    found = []
    for field in ("hostNetwork", "hostPID", "hostIPC"):
        if pod.get(field):
            found.append(f"{field} is true")
    allowed = {"configMap", "csi", "downwardAPI", "emptyDir", "ephemeral", "persistentVolumeClaim", "projected", "secret"}
    for v in pod.get("volumes") or []:
        kinds = set(v) - {"name"}
        for k in sorted(kinds - allowed):
            found.append(f"volume {v.get('name')}: type {k} is not allowed")
    psc = pod.get("securityContext") or {}
    if psc.get("runAsUser") == 0:
        found.append("runAsUser is 0")
    for sysctl in psc.get("sysctls") or []:
        if sysctl.get("name") not in SAFE_SYSCTLS:
            found.append(f"sysctl {sysctl.get('name')} is not a safe one")
    found += _confinement_problems(psc)
    for role, c in containers(pod):
        sc = c.get("securityContext") or {}
        name = f"{role} {c.get('name')}"
        found += [f"{name}: {p}" for p in _confinement_problems(sc)]
        if sc.get("privileged"):
            found.append(f"{name}: privileged")
        if sc.get("runAsUser") == 0:
            found.append(f"{name}: runAsUser is 0")
        added = set((sc.get("capabilities") or {}).get("add") or []) - {"NET_BIND_SERVICE"}
        if added:
            found.append(f"{name}: adds capabilities {sorted(added)}")
        for p in c.get("ports") or []:
            if p.get("hostPort"):
                found.append(f"{name}: hostPort {p.get('hostPort')}")
        if (sc.get("procMount") or "Default") != "Default":
            found.append(f"{name}: procMount is not Default")
    return found


# ---- custom resources: their structure, since no schema validates them ----


def _need(obj, path):
    """The value at the dotted `path` of obj, or None."""
    value = obj
    for part in path.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def _required(obj, paths):
    return [f"{p} is missing" for p in paths if _need(obj, p) in (None, "", [], {})]


def check_http_route(obj):
    found = _required(obj, ["spec.parentRefs", "spec.rules"])
    for i, ref in enumerate(_need(obj, "spec.parentRefs") or []):
        if not ref.get("name"):
            found.append(f"parentRefs[{i}] has no name")
    for i, rule in enumerate(_need(obj, "spec.rules") or []):
        backends = rule.get("backendRefs") or []
        redirect = any(f.get("type") == "RequestRedirect" for f in rule.get("filters") or [])
        if not backends and not redirect:
            found.append(f"rules[{i}] has neither a backendRef nor a redirect")
        for b in backends:
            if not b.get("name") or not isinstance(b.get("port"), int):
                found.append(f"rules[{i}]: a backendRef needs a name and a numeric port")
    return found


def check_gateway(obj):
    found = _required(obj, ["spec.gatewayClassName", "spec.listeners"])
    for listener in _need(obj, "spec.listeners") or []:
        name = listener.get("name")
        if listener.get("protocol") == "HTTPS" and not ((listener.get("tls") or {}).get("certificateRefs")):
            found.append(f"listener {name}: HTTPS without tls.certificateRefs")
        if not isinstance(listener.get("port"), int):
            found.append(f"listener {name}: no port")
    return found


def check_monitor(obj):
    found = _required(obj, ["spec.selector.matchLabels"])
    endpoints = _need(obj, "spec.endpoints") or _need(obj, "spec.podMetricsEndpoints") or []
    if not endpoints:
        found.append("no endpoints")
    for e in endpoints:
        if not e.get("port"):
            found.append("an endpoint has no port name")
    return found


def check_prometheus_rule(obj):
    found = []
    groups = _need(obj, "spec.groups") or []
    if not groups:
        found.append("spec.groups is missing")
    for g in groups:
        for r in g.get("rules") or []:
            name = r.get("alert") or r.get("record")
            if not name or not r.get("expr"):
                found.append(f"group {g.get('name')}: a rule needs alert (or record) and expr")
                continue
            if r.get("alert"):
                if not (r.get("labels") or {}).get("severity"):
                    found.append(f"alert {name}: no severity label")
                annotations = r.get("annotations") or {}
                if not annotations.get("runbook_url") or not annotations.get("summary"):
                    found.append(f"alert {name}: needs summary and runbook_url annotations")
    return found


def check_certificate(obj):
    return _required(obj, ["spec.secretName", "spec.dnsNames", "spec.issuerRef.name"])


def check_issuer(obj):
    found = _required(obj, ["spec.acme.server", "spec.acme.privateKeySecretRef.name", "spec.acme.solvers"])
    for i, solver in enumerate(_need(obj, "spec.acme.solvers") or []):
        if not (solver.get("http01") or solver.get("dns01")):
            found.append(f"solvers[{i}] has neither http01 nor dns01")
    return found


def check_external_secret(obj):
    found = _required(obj, ["spec.secretStoreRef.name", "spec.target.name"])
    data = _need(obj, "spec.data") or []
    if not data and not _need(obj, "spec.dataFrom"):
        found.append("neither data nor dataFrom")
    for d in data:
        if not d.get("secretKey") or not (d.get("remoteRef") or {}).get("key"):
            found.append("a data entry needs secretKey and remoteRef.key")
    return found


def check_application_set(obj):
    found = _required(obj, ["spec.generators", "spec.template.metadata.name", "spec.template.spec.project",
                            "spec.template.spec.destination.namespace"])
    source = _need(obj, "spec.template.spec.source") or {}
    if not source.get("repoURL") or not source.get("path"):
        found.append("template.spec.source needs repoURL and path")
    return found


def check_application(obj):
    found = _required(obj, ["spec.project", "spec.destination.namespace"])
    source = _need(obj, "spec.source") or {}
    if not source.get("repoURL") or not source.get("path"):
        found.append("spec.source needs repoURL and path")
    return found


# (apiVersion, kind) -> check.
CUSTOM_CHECKS = {
    ("gateway.networking.k8s.io/v1", "HTTPRoute"): check_http_route,
    ("gateway.networking.k8s.io/v1", "Gateway"): check_gateway,
    ("monitoring.coreos.com/v1", "ServiceMonitor"): check_monitor,
    ("monitoring.coreos.com/v1", "PodMonitor"): check_monitor,
    ("monitoring.coreos.com/v1", "PrometheusRule"): check_prometheus_rule,
    ("cert-manager.io/v1", "Certificate"): check_certificate,
    ("cert-manager.io/v1", "Issuer"): check_issuer,
    ("cert-manager.io/v1", "ClusterIssuer"): check_issuer,
    ("external-secrets.io/v1", "ExternalSecret"): check_external_secret,
    ("argoproj.io/v1alpha1", "ApplicationSet"): check_application_set,
    ("argoproj.io/v1alpha1", "Application"): check_application,
}


def custom_problems(obj):
    checker = CUSTOM_CHECKS.get((obj.get("apiVersion"), obj.get("kind")))
    if checker is None:
        return [f"{obj.get('apiVersion')} {obj.get('kind')}: no schema validates it and no check here knows it"]
    return checker(obj)


def cross_reference_problems(objs):
    """Custom resources point at objects of the same render: a route's backend Service
    and port, a monitor's Service and its port name, an ExternalSecret's keys against
    what its service reads."""
    services = {(o.get("metadata") or {}).get("name"): o for o in objs if o.get("kind") == "Service"}
    found = []
    for obj in objs:
        kind = obj.get("kind")
        if kind == "HTTPRoute":
            for rule in _need(obj, "spec.rules") or []:
                for b in rule.get("backendRefs") or []:
                    svc = services.get(b.get("name"))
                    if svc is None:
                        found.append((obj, f"backend Service {b.get('name')} is not rendered"))
                    elif b.get("port") not in [p.get("port") for p in _need(svc, "spec.ports") or []]:
                        found.append((obj, f"Service {b.get('name')} has no port {b.get('port')}"))
        if kind == "ServiceMonitor":
            wanted = _need(obj, "spec.selector.matchLabels") or {}
            matched = [s for s in services.values() if wanted and all(labels_of(s).get(k) == v for k, v in wanted.items())]
            if not matched:
                found.append((obj, "selects no rendered Service"))
            for e in _need(obj, "spec.endpoints") or []:
                for s in matched:
                    if e.get("port") not in [p.get("name") for p in _need(s, "spec.ports") or []]:
                        found.append((obj, f"Service {name_of(s)} has no port named {e.get('port')}"))
        if kind == "ExternalSecret":
            target = _need(obj, "spec.target.name")
            provided = {d.get("secretKey") for d in _need(obj, "spec.data") or []}
            read, required = set(), set()
            for w in objs:
                if w.get("kind") not in WORKLOAD_KINDS:
                    continue
                for name, key, optional in pod_secret_reads(w):
                    if name == target and key:
                        read.add(key)
                        if not optional:
                            required.add(key)
            for key in sorted(required - provided):
                found.append((obj, f"does not provide {key}, which a pod reads from {target}"))
            for key in sorted(provided - read):
                found.append((obj, f"provides {key}, which no pod reads from {target}"))
    return found


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
        uses_database = bool({"DATABASE_URL", "DATABASE_URL_FILE"} & env_names(c))
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


# Argo CD runs a hook in its phase; a PreSync Job runs before the Sync phase applies the
# folder's other objects, so it reads none of them but the Secret (already there).
HOOK = "argocd.argoproj.io/hook"
HOOK_DELETE_POLICY = "argocd.argoproj.io/hook-delete-policy"


def _migrates(c):
    return "migrate" in (c.get("args") or [])


def _config_maps(objs):
    return {(o.get("metadata") or {}).get("name"): (o.get("data") or {}) for o in objs if o.get("kind") == "ConfigMap"}


def env_value(c, name, config_maps):
    """The value a container's variable `name` takes from the render (env over envFrom,
    a later envFrom source over an earlier one); None when unset or not resolvable."""
    for e in c.get("env") or []:
        if e.get("name") != name:
            continue
        if "value" in e:
            return str(e["value"])
        ref = (e.get("valueFrom") or {}).get("configMapKeyRef")
        if ref:
            value = config_maps.get(ref.get("name"), {}).get(ref.get("key"))
            return None if value is None else str(value)
        return None
    for source in reversed(c.get("envFrom") or []):
        ref = source.get("configMapRef")
        if not ref:
            continue
        key = name[len(source.get("prefix", "")):] if name.startswith(source.get("prefix", "")) else None
        data = config_maps.get(ref.get("name"), {})
        if key is not None and key in data:
            return str(data[key])
    return None


def _uses_database(c):
    return bool({"DATABASE_URL", "DATABASE_URL_FILE"} & env_names(c))


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
    config_maps = _config_maps(objs)
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
        users = [c for c in pod_spec(d).get("containers") or [] if _uses_database(c)]
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


def load(path):
    with open(path, encoding="utf-8") as f:
        return [o for o in yaml.safe_load_all(f) if o]


def write_builtin(path, out):
    """Writes the built-in objects of `path` to `out`; prints `<built-in> <custom>`."""
    objs = load(path)
    builtin = [o for o in objs if is_builtin(o)]
    with open(out, "w", encoding="utf-8") as f:
        yaml.safe_dump_all(builtin, f, sort_keys=False)
    print(len(builtin), len(objs) - len(builtin))
    return 0


def write_rules(path, out):
    """The groups of every PrometheusRule in `path` as one Prometheus rules file; prints
    how many rules (0: nothing written)."""
    groups = []
    for o in load(path):
        if o.get("kind") == "PrometheusRule":
            groups += _need(o, "spec.groups") or []
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
        for g in _need(o, "spec.groups") or []:
            for r in g.get("rules") or []:
                if not r.get("alert"):
                    continue
                url = str((r.get("annotations") or {}).get("runbook_url", ""))
                page, _, section = url.partition("#")
                if page != readme_name or section not in anchors:
                    found.append((o, f"alert {r['alert']}: runbook_url {url!r} is no section of {readme_name}"))
    return found


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

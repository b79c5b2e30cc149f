"""The custom resources' structure, since no schema validates them, and what they point
at in the same render."""

from .objects import WORKLOAD_KINDS, labels_of, name_of, required_fields, value_at
from .secret_wiring import pod_secret_reads


def check_http_route(obj):
    found = required_fields(obj, ["spec.parentRefs", "spec.rules"])
    for i, ref in enumerate(value_at(obj, "spec.parentRefs") or []):
        if not ref.get("name"):
            found.append(f"parentRefs[{i}] has no name")
    for i, rule in enumerate(value_at(obj, "spec.rules") or []):
        backends = rule.get("backendRefs") or []
        redirect = any(f.get("type") == "RequestRedirect" for f in rule.get("filters") or [])
        if not backends and not redirect:
            found.append(f"rules[{i}] has neither a backendRef nor a redirect")
        for b in backends:
            if not b.get("name") or not isinstance(b.get("port"), int):
                found.append(f"rules[{i}]: a backendRef needs a name and a numeric port")
    return found


def check_gateway(obj):
    found = required_fields(obj, ["spec.gatewayClassName", "spec.listeners"])
    for listener in value_at(obj, "spec.listeners") or []:
        name = listener.get("name")
        if listener.get("protocol") == "HTTPS" and not ((listener.get("tls") or {}).get("certificateRefs")):
            found.append(f"listener {name}: HTTPS without tls.certificateRefs")
        if not isinstance(listener.get("port"), int):
            found.append(f"listener {name}: no port")
    return found


def check_monitor(obj):
    found = required_fields(obj, ["spec.selector.matchLabels"])
    endpoints = value_at(obj, "spec.endpoints") or value_at(obj, "spec.podMetricsEndpoints") or []
    if not endpoints:
        found.append("no endpoints")
    for e in endpoints:
        if not e.get("port"):
            found.append("an endpoint has no port name")
    return found


def check_prometheus_rule(obj):
    found = []
    groups = value_at(obj, "spec.groups") or []
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
    return required_fields(obj, ["spec.secretName", "spec.dnsNames", "spec.issuerRef.name"])


def check_issuer(obj):
    found = required_fields(obj, ["spec.acme.server", "spec.acme.privateKeySecretRef.name", "spec.acme.solvers"])
    for i, solver in enumerate(value_at(obj, "spec.acme.solvers") or []):
        if not (solver.get("http01") or solver.get("dns01")):
            found.append(f"solvers[{i}] has neither http01 nor dns01")
    return found


def check_external_secret(obj):
    found = required_fields(obj, ["spec.secretStoreRef.name", "spec.target.name"])
    data = value_at(obj, "spec.data") or []
    if not data and not value_at(obj, "spec.dataFrom"):
        found.append("neither data nor dataFrom")
    for d in data:
        if not d.get("secretKey") or not (d.get("remoteRef") or {}).get("key"):
            found.append("a data entry needs secretKey and remoteRef.key")
    return found


def check_application_set(obj):
    found = required_fields(obj, ["spec.generators", "spec.template.metadata.name", "spec.template.spec.project",
                            "spec.template.spec.destination.namespace"])
    source = value_at(obj, "spec.template.spec.source") or {}
    if not source.get("repoURL") or not source.get("path"):
        found.append("template.spec.source needs repoURL and path")
    return found


def check_application(obj):
    found = required_fields(obj, ["spec.project", "spec.destination.namespace"])
    source = value_at(obj, "spec.source") or {}
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
            for rule in value_at(obj, "spec.rules") or []:
                for b in rule.get("backendRefs") or []:
                    svc = services.get(b.get("name"))
                    if svc is None:
                        found.append((obj, f"backend Service {b.get('name')} is not rendered"))
                    elif b.get("port") not in [p.get("port") for p in value_at(svc, "spec.ports") or []]:
                        found.append((obj, f"Service {b.get('name')} has no port {b.get('port')}"))
        if kind == "ServiceMonitor":
            wanted = value_at(obj, "spec.selector.matchLabels") or {}
            matched = [s for s in services.values() if wanted and all(labels_of(s).get(k) == v for k, v in wanted.items())]
            if not matched:
                found.append((obj, "selects no rendered Service"))
            for e in value_at(obj, "spec.endpoints") or []:
                for s in matched:
                    if e.get("port") not in [p.get("name") for p in value_at(s, "spec.ports") or []]:
                        found.append((obj, f"Service {name_of(s)} has no port named {e.get('port')}"))
        if kind == "ExternalSecret":
            target = value_at(obj, "spec.target.name")
            provided = {d.get("secretKey") for d in value_at(obj, "spec.data") or []}
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

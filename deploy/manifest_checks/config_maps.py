"""What pods read from ConfigMaps: every reference rendered, and a variable's value."""

from .objects import WORKLOAD_KINDS, config_maps_of, containers, pod_spec


def env_reference_problems(objs):
    """Within a whole overlay, every ConfigMap a pod reads exists and has the keys it names
    (a key an overlay forgot, such as TRUSTED_PROXIES, would keep the pod from starting)."""
    config_maps = config_maps_of(objs)
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

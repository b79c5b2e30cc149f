"""Pod Security `restricted` (baseline included) for every container, init containers
too, with read-only root filesystems, limits and release tags."""

from .objects import containers


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

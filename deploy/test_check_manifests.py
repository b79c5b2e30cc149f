"""The manifest checks catch what a reviewer would: run with `python3 -m unittest` from
deploy/ (scripts/deploy-check.sh does, before it checks the real renders)."""

import copy
import unittest

from check_manifests import check, dockerfile_problems, runbook_problems

SECURE = {
    "allowPrivilegeEscalation": False,
    "readOnlyRootFilesystem": True,
    "runAsNonRoot": True,
    "capabilities": {"drop": ["ALL"]},
}
LIMITS = {"limits": {"cpu": "500m", "memory": "256Mi"}}


def deployment():
    """A shop service as the kustomizations render it: every check passes."""
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {
            "name": "identity",
            "labels": {"app.kubernetes.io/name": "identity", "app.kubernetes.io/part-of": "shop"},
        },
        "spec": {
            "template": {
                "metadata": {"labels": {"app.kubernetes.io/version": "0.1.0"}},
                "spec": {
                    "automountServiceAccountToken": False,
                    "terminationGracePeriodSeconds": 45,
                    "securityContext": {"runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}},
                    "initContainers": [
                        {
                            "name": "migrate",
                            "image": "shop/identity:0.1.0",
                            "args": ["migrate"],
                            "securityContext": copy.deepcopy(SECURE),
                            "resources": copy.deepcopy(LIMITS),
                        }
                    ],
                    "containers": [
                        {
                            "name": "identity",
                            "image": "shop/identity:0.1.0",
                            "envFrom": [{"configMapRef": {"name": "identity-config"}}],
                            "env": [
                                {"name": "DATABASE_URL", "valueFrom": {"secretKeyRef": {"name": "identity-secrets", "key": "database-url"}}},
                                {"name": "TRUSTED_PROXIES", "valueFrom": {"configMapKeyRef": {"name": "identity-config", "key": "TRUSTED_PROXIES"}}},
                                *[
                                    {"name": f"{c}_INTERNAL_KEY", "valueFrom": {"secretKeyRef": {"name": "identity-secrets", "key": f"{c.lower()}-internal-key"}}}
                                    for c in ("GATEWAY", "RETAILSTORE", "PAYMENTPROVIDER", "SYSTEM")
                                ],
                            ],
                            "securityContext": copy.deepcopy(SECURE),
                            "resources": copy.deepcopy(LIMITS),
                            "lifecycle": {"preStop": {"sleep": {"seconds": 10}}},
                            "livenessProbe": {"httpGet": {"path": "/healthz", "port": "http"}},
                            "readinessProbe": {"httpGet": {"path": "/readyz", "port": "http"}, "timeoutSeconds": 11},
                        }
                    ],
                }
            }
        },
    }


def config_map(data):
    return {
        "kind": "ConfigMap",
        "metadata": {"name": "identity-config", "labels": {"app.kubernetes.io/name": "identity"}},
        "data": data,
    }


def namespace():
    return {"kind": "Namespace", "metadata": {"name": "shop", "labels": {"pod-security.kubernetes.io/enforce": "restricted"}}}


def overlay(*objs):
    return [namespace(), config_map({"TRUSTED_PROXIES": "10.0.0.0/8"}), *objs]


def messages(objs, mode="overlay", service=None, environment=None):
    return [f"{o.get('kind')}/{o.get('metadata', {}).get('name')}: {m}" for o, m in check(objs, mode, service, environment)]


class ContainerChecks(unittest.TestCase):
    def test_a_rendered_service_passes(self):
        self.assertEqual(messages(overlay(deployment())), [])

    def test_an_init_container_that_lost_its_settings_is_named(self):
        d = deployment()
        init = d["spec"]["template"]["spec"]["initContainers"][0]
        del init["securityContext"]["readOnlyRootFilesystem"]
        init["resources"] = {}
        self.assertEqual(
            messages(overlay(d)),
            [
                "Deployment/identity: init container migrate: readOnlyRootFilesystem is not true",
                "Deployment/identity: init container migrate: no cpu limit",
                "Deployment/identity: init container migrate: no memory limit",
            ],
        )

    def test_container_settings_override_the_pods(self):
        d = deployment()
        main = d["spec"]["template"]["spec"]["containers"][0]
        main["securityContext"]["runAsNonRoot"] = False
        main["securityContext"]["seccompProfile"] = {"type": "Unconfined"}
        main["securityContext"]["capabilities"] = {"drop": ["NET_RAW"]}
        self.assertEqual(
            messages(overlay(d)),
            [
                "Deployment/identity: container identity: runAsNonRoot is not true",
                'Deployment/identity: container identity: capabilities.drop lacks "ALL"',
                "Deployment/identity: container identity: seccompProfile is not RuntimeDefault",
            ],
        )

    def test_untagged_images_are_refused(self):
        d = deployment()
        d["spec"]["template"]["spec"]["containers"][0]["image"] = "registry.example.com:5000/shop/identity"
        self.assertEqual(
            messages(overlay(d)),
            ["Deployment/identity: container identity: image 'registry.example.com:5000/shop/identity' has no release tag"],
        )

    def test_rollout_needs_drain_time_and_a_probe_timeout_above_its_wait(self):
        d = deployment()
        pod = d["spec"]["template"]["spec"]
        pod["terminationGracePeriodSeconds"] = 30
        pod["containers"][0]["readinessProbe"]["timeoutSeconds"] = 2
        self.assertEqual(
            messages(overlay(d)),
            [
                "Deployment/identity: container identity: readinessProbe timeoutSeconds 2 is not above /readyz's own wait of 10 s",
                "Deployment/identity: container identity: terminationGracePeriodSeconds 30 is not above preStop 10 s + drain 30 s",
            ],
        )
        del pod["containers"][0]["lifecycle"]
        self.assertIn("Deployment/identity: container identity: no preStop sleep", messages(overlay(d)))


class WiringChecks(unittest.TestCase):
    def test_an_overlay_that_forgot_a_required_key_fails(self):
        objs = [namespace(), config_map({"LOG_FORMAT": "json"}), deployment()]
        self.assertEqual(
            messages(objs),
            ["Deployment/identity: container identity: TRUSTED_PROXIES needs key TRUSTED_PROXIES in ConfigMap identity-config"],
        )

    def test_an_overlay_needs_a_restricted_namespace(self):
        objs = overlay(deployment())
        objs[0]["metadata"]["labels"] = {}
        self.assertEqual(messages(objs), ["Namespace/shop: Pod Security is not enforced as restricted"])

    def test_a_policy_rule_without_peers_fails(self):
        policy = {
            "kind": "NetworkPolicy",
            "metadata": {"name": "identity"},
            "spec": {"egress": [{"ports": [{"protocol": "TCP", "port": 5432}]}]},
        }
        self.assertEqual(messages(overlay(policy)), ["NetworkPolicy/identity: egress rule 0 reaches any destination"])

    def test_secrets_are_never_rendered(self):
        secret = {"kind": "Secret", "metadata": {"name": "identity-secrets"}}
        self.assertEqual(
            messages(overlay(secret)),
            ["Secret/identity-secrets: a Secret is rendered; secret values are never committed"],
        )

    def test_one_migration_path(self):
        job = {
            "kind": "Job",
            "metadata": {"name": "identity-migrate"},
            "spec": {"template": {"spec": copy.deepcopy(deployment()["spec"]["template"]["spec"])}},
        }
        job["spec"]["template"]["spec"]["containers"][0]["args"] = ["migrate"]
        self.assertIn(
            "Job/identity-migrate: migrates in a Job while Deployment/identity migrates in an init container",
            messages(overlay(deployment(), job)),
        )

    def test_a_service_renders_itself_only(self):
        objs = [deployment(), config_map({}), {"kind": "Ingress", "metadata": {"name": "shop"}}]
        found = messages(objs, "service", "identity")
        self.assertIn("Ingress/shop: does not belong in identity's own kustomization", found)
        self.assertIn("NetworkPolicy/identity: not rendered", found)
        self.assertNotIn("Deployment/identity: not rendered", found)


def migration_job():
    """identity's migration Job as its production folder renders it: every check passes."""
    return {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {
            "name": "identity-migrate",
            "labels": {"app.kubernetes.io/name": "identity", "app.kubernetes.io/part-of": "shop"},
            "annotations": {
                "argocd.argoproj.io/hook": "PreSync",
                "argocd.argoproj.io/hook-delete-policy": "BeforeHookCreation",
            },
        },
        "spec": {
            "backoffLimit": 2,
            "activeDeadlineSeconds": 600,
            "ttlSecondsAfterFinished": 86400,
            "template": {
                "spec": {
                    "restartPolicy": "Never",
                    "automountServiceAccountToken": False,
                    "securityContext": {"runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}},
                    "containers": [
                        {
                            "name": "migrate",
                            "image": "shop/identity:0.1.0",
                            "args": ["migrate"],
                            "env": [{"name": "MIGRATION_DATABASE_URL", "valueFrom": {"secretKeyRef": {"name": "identity-secrets", "key": "migration-database-url"}}}],
                            "securityContext": copy.deepcopy(SECURE),
                            "resources": copy.deepcopy(LIMITS),
                        }
                    ],
                }
            },
        },
    }


def production(on_start="false", init=False):
    """identity's production render: a Deployment without the init container (unless
    `init`), its ConfigMap with MIGRATE_ON_START (unless None), the Job."""
    d = deployment()
    if not init:
        del d["spec"]["template"]["spec"]["initContainers"]
    data = {"TRUSTED_PROXIES": "10.0.0.0/8"}
    if on_start is not None:
        data["MIGRATE_ON_START"] = on_start
    return [namespace(), config_map(data), d, migration_job()]


class MigrationChecks(unittest.TestCase):
    def test_production_migrates_in_a_presync_job_and_the_service_only_checks(self):
        self.assertEqual(messages(production(), environment="production"), [])

    def test_production_without_a_job_or_with_the_init_container_fails(self):
        objs = [o for o in production(init=True) if o["kind"] != "Job"]
        self.assertEqual(
            messages(objs, environment="production"),
            [
                "Deployment/identity: production migrates in a Job only: remove the migrate init container",
                "Deployment/identity: production needs exactly one migration Job for identity, found 0",
            ],
        )
        # Locally the init container is the one path.
        self.assertEqual(messages(objs, environment="local"), [])

    def test_a_job_migrating_beside_a_service_that_migrates_at_start_fails(self):
        for on_start in (None, "true"):
            self.assertEqual(
                messages(production(on_start=on_start), environment="production"),
                ["Deployment/identity: container identity: MIGRATE_ON_START is not false, while Job/identity-migrate migrates"],
            )
        # A value in the container's env wins over its ConfigMap's.
        objs = production()
        objs[2]["spec"]["template"]["spec"]["containers"][0]["env"].append({"name": "MIGRATE_ON_START", "value": "true"})
        self.assertIn(
            "Deployment/identity: container identity: MIGRATE_ON_START is not false, while Job/identity-migrate migrates",
            messages(objs, environment="production"),
        )

    def test_a_migration_job_is_a_presync_hook_that_ends(self):
        objs = production()
        job = objs[3]
        del job["metadata"]["annotations"]
        del job["spec"]["activeDeadlineSeconds"]
        job["spec"]["template"]["spec"]["restartPolicy"] = "OnFailure"
        self.assertEqual(
            messages(objs, environment="production"),
            [
                "Job/identity-migrate: a migration Job must be an Argo CD PreSync hook (argocd.argoproj.io/hook: PreSync)",
                "Job/identity-migrate: a migration Job needs argocd.argoproj.io/hook-delete-policy: BeforeHookCreation (a Job cannot be changed, only recreated)",
                "Job/identity-migrate: a migration Job's restartPolicy is not Never",
                "Job/identity-migrate: a migration Job has no activeDeadlineSeconds",
            ],
        )

    def test_a_presync_job_reads_no_config_map(self):
        objs = production()
        objs[3]["spec"]["template"]["spec"]["containers"][0]["envFrom"] = [{"configMapRef": {"name": "identity-config"}}]
        self.assertEqual(
            messages(objs, environment="production"),
            ["Job/identity-migrate: container migrate: reads ConfigMap identity-config, which the Sync phase applies after this PreSync hook"],
        )

    def test_checking_only_needs_something_that_migrates(self):
        objs = [o for o in production() if o["kind"] != "Job"]
        self.assertEqual(
            messages(objs, environment="local"),
            ["Deployment/identity: container identity: MIGRATE_ON_START=false, but neither a Job nor an init container migrates"],
        )
        # The init container migrates, the service checks: the local environment.
        self.assertEqual(messages([o for o in production(init=True) if o["kind"] != "Job"], environment="local"), [])

    def test_a_service_folder_may_render_its_migration_job(self):
        found = messages(production()[1:], "service", "identity", "production")
        self.assertNotIn("Job/identity-migrate: does not belong in identity's own kustomization", found)


def custom(kind, api, spec, name="x"):
    return {"apiVersion": api, "kind": kind, "metadata": {"name": name}, "spec": spec}


def service():
    return {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {"name": "identity", "labels": {"app.kubernetes.io/name": "identity"}},
        "spec": {"ports": [{"name": "http", "port": 8081}]},
    }


def external_secret(*keys):
    return custom(
        "ExternalSecret",
        "external-secrets.io/v1",
        {
            "secretStoreRef": {"kind": "ClusterSecretStore", "name": "shop"},
            "target": {"name": "identity-secrets"},
            "data": [{"secretKey": k, "remoteRef": {"key": "shop/identity", "property": k}} for k in keys],
        },
        "identity-secrets",
    )


IDENTITY_KEYS = ["database-url", "gateway-internal-key", "retailstore-internal-key", "paymentprovider-internal-key", "system-internal-key"]


class ReleaseChecks(unittest.TestCase):
    def test_a_digest_pin_keeps_a_valid_version_label(self):
        d = deployment()
        digest = "sha256:" + "a" * 64
        for c in d["spec"]["template"]["spec"]["initContainers"] + d["spec"]["template"]["spec"]["containers"]:
            c["image"] = f"registry.example.com:5000/shop/identity:0.1.0@{digest}"
        self.assertEqual(messages(overlay(d)), [])

    def test_a_digest_in_the_version_label_is_refused(self):
        d = deployment()
        d["spec"]["template"]["metadata"]["labels"]["app.kubernetes.io/version"] = "0.1.0@sha256"
        found = messages(overlay(d))
        self.assertIn("Deployment/identity: app.kubernetes.io/version '0.1.0@sha256' is not a valid label value", found)
        d["spec"]["template"]["metadata"]["labels"]["app.kubernetes.io/version"] = "a" * 64
        self.assertIn(f"Deployment/identity: app.kubernetes.io/version '{'a' * 64}' is not a valid label value", messages(overlay(d)))

    def test_the_version_label_follows_the_image_tag(self):
        d = deployment()
        d["spec"]["template"]["spec"]["containers"][0]["image"] = "shop/identity:0.2.0"
        self.assertIn(
            "Deployment/identity: container identity: image tag '0.2.0' differs from app.kubernetes.io/version '0.1.0'",
            messages(overlay(d)),
        )

    def test_base_images_come_from_pinnable_args(self):
        good = f"ARG RUST_IMAGE=rust:1.95-slim-bookworm@sha256:{'d' * 64}\nFROM ${{RUST_IMAGE}} AS build\nFROM build AS test\n"
        self.assertEqual(dockerfile_problems(good), [])
        unpinned = "ARG RUST_IMAGE=rust:1.95-slim-bookworm\nFROM ${RUST_IMAGE}\n"
        self.assertEqual(dockerfile_problems(unpinned), ["line 1: ARG RUST_IMAGE=rust:1.95-slim-bookworm is not name:tag@sha256:<64 hex>"])
        self.assertEqual(dockerfile_problems("FROM rust:1.95\n"), ["line 1: FROM rust:1.95: a base image must come from an ARG (pinnable by digest)"])
        placeholder = "ARG RUST_IMAGE=rust:1.95@sha256:REPLACE_ME\nFROM ${RUST_IMAGE}\n"
        self.assertEqual(dockerfile_problems(placeholder), ["line 1: ARG RUST_IMAGE=rust:1.95@sha256:REPLACE_ME is not name:tag@sha256:<64 hex>"])
        self.assertEqual(dockerfile_problems("FROM $NODE_IMAGE\n"), ["line 1: FROM $NODE_IMAGE has no ARG default above it"])


class PodSecurityChecks(unittest.TestCase):
    def test_host_namespaces_paths_and_added_capabilities_are_refused(self):
        d = deployment()
        pod = d["spec"]["template"]["spec"]
        pod["hostNetwork"] = True
        pod["volumes"] = [{"name": "root", "hostPath": {"path": "/"}}]
        pod["containers"][0]["securityContext"]["capabilities"]["add"] = ["NET_ADMIN"]
        pod["containers"][0]["ports"] = [{"containerPort": 8081, "hostPort": 8081}]
        self.assertEqual(
            messages(overlay(d)),
            [
                "Deployment/identity: hostNetwork is true",
                "Deployment/identity: volume root: type hostPath is not allowed",
                "Deployment/identity: container identity: adds capabilities ['NET_ADMIN']",
                "Deployment/identity: container identity: hostPort 8081",
            ],
        )


    def test_unsafe_sysctls_and_unconfined_profiles_are_refused(self):
        d = deployment()
        pod = d["spec"]["template"]["spec"]
        pod["securityContext"]["sysctls"] = [{"name": "net.ipv4.tcp_syncookies", "value": "1"}, {"name": "kernel.msgmax", "value": "1"}]
        pod["containers"][0]["securityContext"]["appArmorProfile"] = {"type": "Unconfined"}
        pod["containers"][0]["securityContext"]["seLinuxOptions"] = {"type": "spc_t"}
        self.assertEqual(
            messages(overlay(d)),
            [
                "Deployment/identity: sysctl kernel.msgmax is not a safe one",
                "Deployment/identity: container identity: AppArmor profile is Unconfined",
                "Deployment/identity: container identity: seLinuxOptions type spc_t is not allowed",
            ],
        )


class InternalKeyChecks(unittest.TestCase):
    def test_identity_sends_nothing_and_accepts_its_four_callers(self):
        d = deployment()
        env = d["spec"]["template"]["spec"]["containers"][0]["env"]
        env[:] = [e for e in env if e["name"] != "SYSTEM_INTERNAL_KEY"]
        env.append({"name": "INTERNAL_API_KEY", "value": "x"})
        env.append({"name": "IDENTITY_INTERNAL_KEY_FILE", "value": "/run/secrets/shop/identity-internal-key"})
        self.assertEqual(
            messages(overlay(d)),
            [
                "Deployment/identity: container identity: INTERNAL_API_KEY set, but identity calls no one",
                "Deployment/identity: container identity: no SYSTEM_INTERNAL_KEY (system calls it)",
                "Deployment/identity: container identity: IDENTITY_INTERNAL_KEY set, but identity does not call it",
            ],
        )


class CustomResourceChecks(unittest.TestCase):
    def test_an_unknown_custom_kind_is_not_skipped(self):
        found = messages(overlay(custom("Widget", "example.com/v1", {})))
        self.assertEqual(found, ["Widget/x: example.com/v1 Widget: no schema validates it and no check here knows it"])

    def test_an_http_route_needs_parents_and_a_rendered_backend(self):
        route = custom("HTTPRoute", "gateway.networking.k8s.io/v1", {"rules": [{"backendRefs": [{"name": "identity", "port": 9999}]}]})
        self.assertEqual(
            messages(overlay(service(), route)),
            ["HTTPRoute/x: spec.parentRefs is missing", "HTTPRoute/x: Service identity has no port 9999"],
        )

    def test_a_service_monitor_must_select_a_port_by_name(self):
        monitor = custom(
            "ServiceMonitor",
            "monitoring.coreos.com/v1",
            {"selector": {"matchLabels": {"app.kubernetes.io/name": "identity"}}, "endpoints": [{"port": "metrics"}]},
        )
        self.assertEqual(messages(overlay(service(), monitor)), ["ServiceMonitor/x: Service Service/identity has no port named metrics"])
        monitor["spec"]["selector"]["matchLabels"] = {"app.kubernetes.io/name": "nobody"}
        self.assertEqual(messages(overlay(service(), monitor)), ["ServiceMonitor/x: selects no rendered Service"])

    def test_alerts_need_severity_summary_and_runbook(self):
        rule = custom(
            "PrometheusRule",
            "monitoring.coreos.com/v1",
            {"groups": [{"name": "g", "rules": [{"alert": "A", "expr": "up == 0"}, {"record": "r"}]}]},
        )
        self.assertEqual(
            messages(overlay(rule)),
            [
                "PrometheusRule/x: alert A: no severity label",
                "PrometheusRule/x: alert A: needs summary and runbook_url annotations",
                "PrometheusRule/x: group g: a rule needs alert (or record) and expr",
            ],
        )

    def test_every_alert_has_a_runbook_section(self):
        rule = custom(
            "PrometheusRule",
            "monitoring.coreos.com/v1",
            {"groups": [{"name": "g", "rules": [
                {"alert": "ShopHighErrorRate", "annotations": {"runbook_url": "deploy/README.md#shophigherrorrate"}},
                {"alert": "ShopGone", "annotations": {"runbook_url": "deploy/README.md#shopgone"}},
            ]}]},
        )
        readme = "# Deploying\n\n### ShopHighErrorRate\n\nWhat to do.\n"
        found = [m for _, m in runbook_problems([rule], readme, "deploy/README.md")]
        self.assertEqual(found, ["alert ShopGone: runbook_url 'deploy/README.md#shopgone' is no section of deploy/README.md"])

    def test_a_certificate_and_an_issuer_need_their_fields(self):
        cert = custom("Certificate", "cert-manager.io/v1", {"secretName": "shop-tls", "issuerRef": {"name": "le"}})
        issuer = custom("Issuer", "cert-manager.io/v1", {"acme": {"server": "https://acme", "privateKeySecretRef": {"name": "k"}, "solvers": [{}]}})
        self.assertEqual(
            messages(overlay(cert, issuer)),
            ["Certificate/x: spec.dnsNames is missing", "Issuer/x: solvers[0] has neither http01 nor dns01"],
        )

    def test_an_external_secret_holds_what_its_service_reads_and_nothing_else(self):
        d = deployment()
        self.assertEqual(messages(overlay(d, external_secret(*IDENTITY_KEYS))), [])
        found = messages(overlay(d, external_secret(*IDENTITY_KEYS[1:], "code-hash-key")))
        self.assertEqual(
            found,
            [
                "ExternalSecret/identity-secrets: does not provide database-url, which a pod reads from identity-secrets",
                "ExternalSecret/identity-secrets: provides code-hash-key, which no pod reads from identity-secrets",
            ],
        )

    def test_secret_files_count_as_reads(self):
        d = deployment()
        pod = d["spec"]["template"]["spec"]
        main = pod["containers"][0]
        main["env"] = [e for e in main["env"] if e["name"] != "DATABASE_URL"]
        main["env"].append({"name": "DATABASE_URL_FILE", "value": "/run/secrets/shop/database-url"})
        main["volumeMounts"] = [{"name": "secrets", "mountPath": "/run/secrets/shop"}]
        pod["volumes"] = [{"name": "secrets", "secret": {"secretName": "identity-secrets"}}]
        self.assertEqual(messages(overlay(d, external_secret(*IDENTITY_KEYS))), [])
        # Projected items: what the volume holds is read; a _FILE outside it is named.
        items = [{"key": k, "path": k} for k in ("database-url", "database-ca")]
        pod["volumes"][0]["secret"]["items"] = items
        main["env"].append({"name": "JWT_PRIVATE_KEY_FILE", "value": "/run/secrets/shop/jwt-private-key"})
        self.assertEqual(
            messages(overlay(d, external_secret(*IDENTITY_KEYS, "database-ca"))),
            [
                "Deployment/identity: container identity: JWT_PRIVATE_KEY_FILE points at "
                "/run/secrets/shop/jwt-private-key, which the Secret volume does not project"
            ],
        )

    def test_an_application_set_needs_a_source_and_destination(self):
        appset = custom(
            "ApplicationSet",
            "argoproj.io/v1alpha1",
            {"generators": [{"list": {"elements": []}}], "template": {"metadata": {"name": "x"}, "spec": {"project": "shop", "destination": {"namespace": "shop"}, "source": {"path": "p"}}}},
        )
        self.assertEqual(messages(overlay(appset)), ["ApplicationSet/x: template.spec.source needs repoURL and path"])


if __name__ == "__main__":
    unittest.main()

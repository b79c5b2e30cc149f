"""The manifest checks catch what a reviewer would: run with `python3 -m unittest` from
deploy/ (scripts/deploy-check.sh does, before it checks the real renders)."""

import copy
import unittest

from check_manifests import check

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
                "spec": {
                    "automountServiceAccountToken": False,
                    "terminationGracePeriodSeconds": 45,
                    "securityContext": {"runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}},
                    "initContainers": [
                        {
                            "name": "migrate",
                            "image": "shop/identity:0.1.0",
                            "args": ["migrate"],
                            "securityContext": dict(SECURE),
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
                            ],
                            "securityContext": dict(SECURE),
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


def messages(objs, mode="overlay", service=None):
    return [f"{o.get('kind')}/{o.get('metadata', {}).get('name')}: {m}" for o, m in check(objs, mode, service)]


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


if __name__ == "__main__":
    unittest.main()

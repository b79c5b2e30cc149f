"""Who may call what, through the gateway, for every operation the services document.

Usage: access.py GATEWAY STAFF_TOKEN SERVICE...

- Every operation under /api/admin/ (but Login) called without a token answers 401
  code 5 in the envelope.
- Every admin-only operation (the roles section of the API contract, listed below)
  called with a staff member's valid token answers 403 code 6: the role is checked before
  the body, the query or the record, so a staff member learns nothing from it.
- Every other admin operation called as staff never answers 403 code 6.

Bodies are `{}` and ids a random UUID: the answers must not depend on them. Prints one
line per refusal that went wrong and exits 1 if there is any.
"""

import json
import re
import sys
import urllib.error
import urllib.request
import uuid

# Admin only (code 6 for staff): users, the shop's configuration and notification
# settings, payment providers' writes, deleting products and codes, revealing an unsold
# code, the audit logs, and the notification deliveries.
ADMIN_ONLY = [
    r"^(GET|POST|PUT|DELETE) /identity/api/admin/v1/User/",
    r"^GET /identity/api/admin/v1/AuditLog/",
    r"^PUT /system/api/admin/v1/Configuration/AppConfiguration$",
    r"^(GET|PUT) /system/api/admin/v1/Configuration/Notifications$",
    r"^(GET|POST) /system/api/admin/v1/Notification/",
    r"^(POST|PUT|DELETE) /paymentprovider/api/admin/v1/PaymentProvider/(Create|Update|Delete)$",
    r"^GET /paymentprovider/api/admin/v1/AuditLog/",
    r"^DELETE /retailstore/api/admin/v1/Product/Delete$",
    r"^DELETE /retailstore/api/admin/v1/ProductSerialCode/Delete$",
    r"^POST /retailstore/api/admin/v1/ProductSerialCode/Reveal$",
    r"^GET /retailstore/api/admin/v1/AuditLog/",
]
PUBLIC_ADMIN = re.compile(r"/IdentityAuth/Login$")


def call(base, method, path, token):
    query = f"?id={uuid.uuid4()}" if method in ("GET", "DELETE") else ""
    data = None if method in ("GET", "DELETE") else b"{}"
    request = urllib.request.Request(base + path + query, data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    try:
        envelope = json.loads(body)
    except ValueError:
        envelope = None
    code = (envelope or {}).get("error", {}) or {}
    return status, code.get("code"), envelope


def main():
    base, staff_token, *services = sys.argv[1:]
    admin_only = [re.compile(p) for p in ADMIN_ONLY]
    problems, checked, seen_admin_only = [], 0, set()
    for service in services:
        with urllib.request.urlopen(f"{base}/{service}/openapi.json", timeout=30) as response:
            document = json.load(response)
        for path, operations in sorted(document["paths"].items()):
            if "/api/admin/" not in path or PUBLIC_ADMIN.search(path):
                continue
            for method in operations:
                method = method.upper()
                if method not in ("GET", "POST", "PUT", "DELETE"):
                    continue
                name = f"{method} {path}"
                checked += 1
                status, code, envelope = call(base, method, path, None)
                if (status, code) != (401, 5) or envelope is None:
                    problems.append(f"{name} without a token: HTTP {status}, code {code} (want 401, code 5)")
                status, code, _ = call(base, method, path, staff_token)
                matched = [p.pattern for p in admin_only if p.search(name)]
                if matched:
                    seen_admin_only.update(matched)
                    if (status, code) != (403, 6):
                        problems.append(f"{name} as staff: HTTP {status}, code {code} (want 403, code 6: admin only)")
                elif (status, code) == (403, 6):
                    problems.append(f"{name} as staff: 403 code 6, but staff may call it")
    # A rule that matches nothing names an operation that is gone or renamed.
    for pattern in ADMIN_ONLY:
        if pattern not in seen_admin_only and any(f"/{s}/" in pattern for s in services):
            problems.append(f"no documented operation matches the admin-only rule {pattern}")
    for problem in problems:
        print(problem)
    print(f"access: {checked} admin operations checked without a token and as staff, "
          f"{len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()

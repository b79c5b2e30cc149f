"""Seeds a fresh shop with a little of everything the fuzzer reads: a payment provider,
two active products (one with serial codes), an unpaid order, a staff user, and the
shop's configuration. Only the standard library.

Usage: seed.py BASE_URL TOKEN RUN_ID
Prints one JSON line: the ids it made ({"provider", "products", "order", "user"}).
Any call that fails stops the script with its answer (the fuzz run needs the data).
"""
import json
import sys
import urllib.error
import urllib.request


def call(base, token, method, path, body=None):
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = "Bearer " + token
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            envelope = json.load(resp)
    except urllib.error.HTTPError as err:
        sys.exit(f"seed: {method} {path} answered {err.code}: {err.read()[:500]!r}")
    if not envelope.get("success"):
        sys.exit(f"seed: {method} {path} failed: {json.dumps(envelope)[:500]}")
    return envelope.get("result")


def main():
    base, token, run = sys.argv[1:4]
    admin = "/retailstore/api/admin/v1"
    provider = call(base, token, "POST", "/paymentprovider/api/admin/v1/PaymentProvider/Create", {
        "name": f"Fuzz VCB {run}", "type": "vietqr_bank", "bankBin": "970436",
        "accountNumber": "0011009" + run[-6:].rjust(6, "0"), "accountName": "FUZZ SHOP",
        "webhookEnabled": True, "webhookSecret": f"fuzz-webhook-secret-{run}",
        "isActive": True, "sortOrder": 1,
    })["id"]
    products = []
    for name, price in ((f"Thẻ quà tặng {run}", 50000), (f"Mã bản quyền {run}", 120000)):
        products.append(call(base, token, "POST", f"{admin}/Product/Create", {
            "name": name, "price": price, "status": "active", "maxPerOrder": 5,
        })["id"])
    call(base, token, "POST", f"{admin}/ProductSerialCode/CreateBulk", {
        "productId": products[0],
        "codes": [f"FZ-{run}-{i:04d}-GIFT" for i in range(20)],
    })
    order = call(base, "", "POST", "/retailstore/api/web/v1/Order/CreateOrder", {
        "items": [{"productId": products[0], "quantity": 1}],
        "email": "khach.fuzz@example.com", "paymentProviderId": provider,
    })
    user = call(base, token, "POST", "/identity/api/admin/v1/User/Create", {
        "userName": f"nhanvien{run[-6:]}", "fullName": "Nhân viên thử",
        "password": f"Fz{run[-6:]}-Staff!", "role": "staff",
    })
    print(json.dumps({
        "provider": provider, "products": products,
        "order": order.get("orderCode") if isinstance(order, dict) else None,
        "user": user.get("id") if isinstance(user, dict) else None,
    }))


if __name__ == "__main__":
    main()

"""Creates N orders through the gateway and pays each with an authenticated SePay webhook
delivery, C at a time, as N shoppers and their bank would; prints a JSON summary.

Usage: paid-orders.py HOST PORT N C PRODUCT_ID PROVIDER_ID WEBHOOK_SECRET ACCOUNT RUN_ID
Each order gets its own e-mail address, n<i>.<run>@bench.example.vn, so that the e-mails
the shop sends can be counted per order.
"""

import http.client
import json
import sys
import threading
import time

host, port, n, c, product, provider, secret, account, run = sys.argv[1:]
port, n, c = int(port), int(n), int(c)
lock = threading.Lock()
next_index = 0
paid = []
failures = []


def call(conn, path, body, headers):
    conn.request("POST", path, body=json.dumps(body), headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    return resp.status, json.loads(data)


def worker():
    global next_index
    conn = http.client.HTTPConnection(host, port, timeout=30)
    while True:
        with lock:
            i = next_index
            next_index += 1
        if i >= n:
            return
        email = f"n{i}.{run}@bench.example.vn"
        status, env = call(
            conn,
            "/retailstore/api/web/v1/Order/CreateOrder",
            {"items": [{"productId": product, "quantity": 1}], "email": email,
             "paymentProviderId": provider},
            {"Content-Type": "application/json"},
        )
        if status != 200:
            with lock:
                failures.append({"step": "order", "status": status, "body": env})
            continue
        order = env["result"]
        delivery = {
            "id": 900_000_000 + int(run) % 1_000_000 * 1000 + i,
            "gateway": "Vietcombank", "transactionDate": "2026-11-23 10:00:00",
            "accountNumber": account, "subAccount": None, "code": None,
            "content": f"{order['code']} chuyen tien", "transferType": "in",
            "transferAmount": order["total"], "accumulated": 0,
            "referenceCode": f"FT{run}{i}", "description": "bench",
        }
        status, env = call(
            conn,
            f"/paymentprovider/api/web/v1/PaymentWebhook/SePay/{provider}",
            delivery,
            {"Content-Type": "application/json", "Authorization": f"Apikey {secret}"},
        )
        with lock:
            if status == 200:
                paid.append({"code": order["code"], "email": email, "at": time.time()})
            else:
                failures.append({"step": "webhook", "status": status, "body": env})


started = time.time()
threads = [threading.Thread(target=worker) for _ in range(c)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps({
    "paid": len(paid),
    "failures": len(failures),
    "firstFailure": failures[0] if failures else None,
    "startedAt": started,
    "lastPaidAt": max((p["at"] for p in paid), default=started),
    "emails": [p["email"] for p in paid],
}))

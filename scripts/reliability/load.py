#!/usr/bin/env python3
"""Shoppers and the bank, through the gateway, for the chaos run (scripts/reliability.sh).

Buyer threads place orders (CreateOrder, one to three codes of a random product) and
decide how each will be paid: in full, in two transfers, twice over, late, or never (it
expires). Bank threads deliver the SePay notifications for those transfers, plus memos
with no order code and with an unknown one. Like the real services, both sides retry
what failed (a connection refused while a service is down, a 5xx): a buyer with the same
Idempotency-Key and body, the bank with the same transaction id. A delivery that was
acknowledged is sometimes delivered again, and some are delivered twice at once.

Usage: load.py CONFIG.json OUT_DIR
CONFIG: {"base", "provider", "secret", "account", "products": [{"id", "price", "max"}],
         "seconds", "ttl", "buyers", "banks", "run"}
Writes OUT_DIR/orders.txt (email<TAB>code of every order a buyer was answered),
OUT_DIR/transactions.txt (every acknowledged transaction id) and prints one JSON line of
counts. Only the standard library.
"""
import json
import os
import queue
import random
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

CREATE_ORDER = "/retailstore/api/web/v1/Order/CreateOrder"
# A request that has not been answered by then is retried (as a shopper would reload).
TIMEOUT = 20
# How long the retries of one request go on, at most (past the end of the run too).
GIVE_UP_AFTER = 90


class Counts:
    def __init__(self):
        self.lock = threading.Lock()
        self.values = {}

    def add(self, name, n=1):
        with self.lock:
            self.values[name] = self.values.get(name, 0) + n


def post(url, body, headers):
    """(HTTP status, parsed JSON or None); status 0 when no answer came."""
    data = json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method="POST")
    req.add_header("Content-Type", "application/json")
    for name, value in headers.items():
        req.add_header(name, value)
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
            return resp.status, json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as e:
        try:
            return e.code, json.loads(e.read() or b"null")
        except ValueError:
            return e.code, None
    except (OSError, ValueError):
        return 0, None


def retrying(send, counts, kind):
    """Calls send() until it gets an answer that is not 0, 429 or 5xx (what a client
    retries), or GIVE_UP_AFTER seconds pass. Returns the last (status, json)."""
    started = time.monotonic()
    delay = 0.2
    while True:
        status, answer = send()
        if status != 0 and status != 429 and status < 500:
            return status, answer
        counts.add(f"{kind}_retries")
        if time.monotonic() - started > GIVE_UP_AFTER:
            counts.add(f"{kind}_gave_up")
            return status, answer
        time.sleep(delay + random.random() * delay)
        delay = min(delay * 1.7, 2.0)


class Bank:
    """Delivers transfers at their due time; each one is retried until acknowledged."""

    def __init__(self, config, counts):
        self.url = f"{config['base']}/paymentprovider/api/web/v1/PaymentWebhook/SePay/{config['provider']}"
        self.headers = {"Authorization": f"Apikey {config['secret']}"}
        self.account = config["account"]
        self.counts = counts
        self.due = queue.PriorityQueue()
        self.acked = set()
        self.lock = threading.Lock()
        self.next_id = int(config["run"]) % 10_000 * 100_000_000

    def transfer(self, memo, amount, at):
        with self.lock:
            self.next_id += 1
            tid = self.next_id
        body = {
            "id": tid, "gateway": "Vietcombank",
            "transactionDate": time.strftime("%Y-%m-%d %H:%M:%S"),
            "accountNumber": self.account, "subAccount": None, "code": None,
            "content": memo, "transferType": "in", "transferAmount": amount,
            "accumulated": 0, "referenceCode": f"FT{tid}", "description": memo,
        }
        self.due.put((at, tid, body))

    def deliver(self, body):
        status, answer = retrying(lambda: self.post(body), self.counts, "delivery")
        if status == 200 and answer and answer.get("success"):
            with self.lock:
                self.acked.add(body["id"])
            return True
        self.counts.add(f"delivery_failed_{status}")
        return False

    def post(self, body):
        self.counts.add("deliveries")
        return post(self.url, body, self.headers)

    def work(self, stop):
        while True:
            try:
                at, tid, body = self.due.get(timeout=0.2)
            except queue.Empty:
                if stop.is_set():
                    return
                continue
            if stop.is_set() and at > time.time():
                continue  # past the end of the run: what is not due yet is never sent
            wait = at - time.time()
            if wait > 0:
                self.due.put((at, tid, body))
                time.sleep(min(wait, 0.2))
                continue
            roll = random.random()
            if roll < 0.08:
                # The same notification twice at once (SePay's retry racing the first).
                twin = threading.Thread(target=self.deliver, args=(body,))
                twin.start()
                self.deliver(body)
                twin.join()
                self.counts.add("repeated_deliveries")
            elif self.deliver(body) and roll < 0.30:
                # Delivered again later, as SePay does when it missed the answer.
                self.counts.add("repeated_deliveries")
                self.due.put((time.time() + random.uniform(0, 3), tid, body))


def buyer(no, config, bank, counts, orders, stop):
    base, run, ttl = config["base"], config["run"], config["ttl"]
    n = 0
    while not stop.is_set():
        n += 1
        product = random.choice(config["products"])
        quantity = random.randint(1, product["max"])
        email = f"c{no}-{n}.{run}@chaos.example.vn"
        body = {"items": [{"productId": product["id"], "quantity": quantity}],
                "email": email, "paymentProviderId": config["provider"]}
        headers = {"Idempotency-Key": str(uuid.uuid4())}
        status, answer = retrying(lambda: post(base + CREATE_ORDER, body, headers), counts, "order")
        counts.add("order_calls")
        if status != 200 or not (answer and answer.get("success")):
            code = (answer or {}).get("code") if isinstance(answer, dict) else None
            counts.add(f"order_refused_{status}_{code}")
            continue
        order = answer["result"]
        code, total = order["code"], order["total"]
        orders.append((email, code))
        counts.add("orders")
        now = time.time()
        roll = random.random()
        if roll < 0.60:
            bank.transfer(f"{code} chuyen tien", total, now + random.uniform(0, 2))
        elif roll < 0.68:
            half = total // 2
            bank.transfer(f"CT DEN:{n} {code}", half, now + random.uniform(0, 1))
            bank.transfer(f"NGUYENVANA-{code}-FT{n}", total - half, now + random.uniform(1, 4))
        elif roll < 0.72:
            # Paid twice over (two different transfers).
            bank.transfer(f"{code}", total, now + random.uniform(0, 1))
            bank.transfer(f"thanh toan {code.lower()}", total, now + random.uniform(1, 3))
        elif roll < 0.76:
            # Paid after the order expired (the codes are reserved again, if any are left).
            bank.transfer(f"{code} tra muon", total, now + ttl + random.uniform(3, 8))
        elif roll < 0.80:
            # Part of the money, and no more: needs staff once it expires.
            bank.transfer(f"{code} dat coc", max(1, total // 3), now + random.uniform(0, 2))
        # else: never paid; it expires.
        if random.random() < 0.05:
            bank.transfer(f"chuyen tien mua hang {n}", 10000, now)
        if random.random() < 0.03:
            bank.transfer("DH" + "".join(random.choice("23456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(8)), 10000, now)
        time.sleep(random.uniform(0, 0.05))


def main():
    with open(sys.argv[1]) as f:
        config = json.load(f)
    out = sys.argv[2]
    counts = Counts()
    bank = Bank(config, counts)
    orders = []
    stop_buying = threading.Event()
    stop_banking = threading.Event()
    buyers = [threading.Thread(target=buyer, args=(i, config, bank, counts, orders, stop_buying))
              for i in range(config["buyers"])]
    banks = [threading.Thread(target=bank.work, args=(stop_banking,)) for _ in range(config["banks"])]
    for t in buyers + banks:
        t.start()
    time.sleep(config["seconds"])
    stop_buying.set()
    for t in buyers:
        t.join()
    # Transfers already due still go out (with their retries); later ones never will.
    stop_banking.set()
    for t in banks:
        t.join()
    with open(os.path.join(out, "orders.txt"), "w") as f:
        for email, code in orders:
            f.write(f"{email}\t{code}\n")
    with open(os.path.join(out, "transactions.txt"), "w") as f:
        for tid in sorted(bank.acked):
            f.write(f"{tid}\n")
    counts.values["transactions_acknowledged"] = len(bank.acked)
    print(json.dumps(dict(sorted(counts.values.items()))))


if __name__ == "__main__":
    main()

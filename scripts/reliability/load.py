#!/usr/bin/env python3
"""Shoppers, the bank and one staff member, through the gateway, for the chaos run
(scripts/reliability.sh).

Buyer threads place orders (CreateOrder, one to three codes of a random product) and
decide how each will be paid: in full, in two transfers, twice over, not at all (it
expires), a part only, or late: held back until after the order's `expiresAt` (from
CreateOrder's answer) and its expiry sweep, so that the money reaches an order that has
already expired. Some of the late ones are cancelled by staff first (money on a cancelled
order waits for staff). Bank threads deliver the SePay notifications for those transfers,
plus memos with no order code and with an unknown one. The staff thread changes the
price of one product once, before any order can expire: late money for an order placed
at the old price must then wait for staff instead of taking codes.

Like the real clients, every side retries what a kill explains: no answer (connection
refused, reset, timed out) and the gateway's or a service's "unavailable" (HTTP
502/503/504 with code 8), a buyer with the same Idempotency-Key and body, the bank with
the same transaction id. A delivery that was acknowledged is sometimes delivered again,
and some are delivered twice at once.

The run fails (exit 1, each problem printed on stderr) on any answer outside the set
expected for its request (CreateOrder: success or 409 code 400 out of stock; a webhook
delivery, Cancel, Product/Update: success), on a request that got no such answer within
GIVE_UP_AFTER seconds of retries (for a webhook: a failed delivery), and on an exception
in any thread.

Usage: load.py CONFIG.json OUT_DIR
CONFIG: {"base", "provider", "secret", "account", "token" (an admin access token),
         "products": [{"id", "price", "max"}], "reprice": {"id", "price", "at"} (seconds
         into the run), "seconds", "ttl", "sweep", "buyers", "banks", "run"}
Writes OUT_DIR/orders.txt (email<TAB>code of every order a buyer was answered),
OUT_DIR/transactions.txt (every acknowledged transaction id), OUT_DIR/late.txt
(code<TAB>late|late_cancelled of every order whose late money was acknowledged) and
prints one JSON line of counts. Only the standard library.
"""
import datetime
import itertools
import json
import os
import queue
import random
import sys
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
import uuid

CREATE_ORDER = "/retailstore/api/web/v1/Order/CreateOrder"
ORDER_PAGE = "/retailstore/api/admin/v1/Order/Pagination"
ORDER_CANCEL = "/retailstore/api/admin/v1/Order/Cancel"
PRODUCT_UPDATE = "/retailstore/api/admin/v1/Product/Update"
# A request that has not been answered by then is retried (as a shopper would reload).
TIMEOUT = 20
# How long the retries of one request go on, at most (past the end of the run too).
GIVE_UP_AFTER = 90
# The bank's local time, in which SePay writes transactionDate.
VIETNAM = datetime.timezone(datetime.timedelta(hours=7))


class Counts:
    def __init__(self):
        self.lock = threading.Lock()
        self.values = {}
        self.problems = []

    def add(self, name, n=1):
        with self.lock:
            self.values[name] = self.values.get(name, 0) + n

    def fail(self, kind, text):
        """A problem that fails the run: counted under `kind` and kept to be printed."""
        with self.lock:
            self.values[kind] = self.values.get(kind, 0) + 1
            self.problems.append(f"{kind}: {text}")


def call(method, url, body=None, headers=None):
    """(HTTP status, parsed JSON or None); status 0 when no answer came."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
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


def code_of(answer):
    """The envelope's error code ({"success": false, "error": {"code", "message"}})."""
    error = answer.get("error") if isinstance(answer, dict) else None
    return error.get("code") if isinstance(error, dict) else None


def succeeded(status, answer):
    return status == 200 and isinstance(answer, dict) and answer.get("success") is True


def transient(status, answer):
    """What a killed service or a restarting database explains: no answer at all, or
    "unavailable" (code 8) from the gateway (upstream down) or from a service (its
    database down)."""
    return status == 0 or (status in (502, 503, 504) and code_of(answer) == 8)


def describe(status, answer):
    text = json.dumps(answer, ensure_ascii=False) if answer is not None else "no JSON body"
    return f"HTTP {status} {text[:300]}"


def request(counts, kind, send, expected):
    """Calls send() until its answer is not transient, for at most GIVE_UP_AFTER seconds.
    expected(status, answer) names an answer expected for this request (a string) or
    refuses it (None). Returns (name, answer), or (None, answer) after counting the
    failure: an unexpected answer, or none but transient ones in time."""
    started = time.monotonic()
    delay = 0.2
    while True:
        status, answer = send()
        if not transient(status, answer):
            name = expected(status, answer)
            if name is None:
                counts.fail(f"{kind}_unexpected", describe(status, answer))
            return name, answer
        counts.add(f"{kind}_retries")
        if time.monotonic() - started > GIVE_UP_AFTER:
            counts.fail(f"{kind}_failed", f"no answer but transient ones in {GIVE_UP_AFTER}s, "
                        f"last {describe(status, answer)}")
            return None, answer
        time.sleep(delay + random.random() * delay)
        delay = min(delay * 1.7, 2.0)


def only_success(status, answer):
    return "ok" if succeeded(status, answer) else None


def order_answer(status, answer):
    if succeeded(status, answer):
        return "ok"
    if status == 409 and code_of(answer) == 400:
        return "out_of_stock"
    return None


class Failing(threading.Thread):
    """A thread whose exception fails the run instead of vanishing."""

    def __init__(self, counts, name, target, *args):
        super().__init__(name=name)
        self.counts, self.work, self.work_args = counts, target, args

    def run(self):
        try:
            self.work(*self.work_args)
        except BaseException:  # noqa: BLE001 - any exception must fail the run
            self.counts.fail("thread_crashed", f"{self.name}: {traceback.format_exc()}")


class Staff:
    """The back office, with an admin token."""

    def __init__(self, config, counts):
        self.base = config["base"]
        self.headers = {"Authorization": f"Bearer {config['token']}"}
        self.counts = counts

    def reprice(self, product, price):
        body = {"id": product, "price": price}
        name, _ = request(self.counts, "staff", lambda: call(
            "PUT", self.base + PRODUCT_UPDATE, body, self.headers), only_success)
        if name:
            self.counts.add("repriced")

    def cancel(self, code):
        """Cancels the order with this code (an expired one); True when it did."""
        url = f"{self.base}{ORDER_PAGE}?{urllib.parse.urlencode({'keyword': code, 'pageSize': 5})}"
        name, answer = request(self.counts, "staff", lambda: call("GET", url, None, self.headers),
                               only_success)
        if not name:
            return False
        ids = [o["id"] for o in answer["result"]["items"] if o.get("code") == code]
        if len(ids) != 1:
            self.counts.fail("staff_unexpected", f"Order/Pagination keyword={code}: "
                             f"{len(ids)} orders with that code")
            return False
        body = {"id": ids[0], "reason": "Chaos run: staff cancel the expired order"}
        name, _ = request(self.counts, "staff", lambda: call(
            "POST", self.base + ORDER_CANCEL, body, self.headers), only_success)
        if name:
            self.counts.add("cancelled_expired")
        return bool(name)


class Bank:
    """Delivers transfers at their due time; each one is retried until acknowledged."""

    def __init__(self, config, counts, staff):
        self.url = f"{config['base']}/paymentprovider/api/web/v1/PaymentWebhook/SePay/{config['provider']}"
        self.headers = {"Authorization": f"Apikey {config['secret']}"}
        self.account = config["account"]
        self.counts = counts
        self.staff = staff
        self.due = queue.PriorityQueue()
        self.order = itertools.count()
        self.acked = set()
        self.late = []
        self.lock = threading.Lock()
        self.next_id = int(config["run"]) % 10_000 * 100_000_000

    def transfer(self, memo, amount, at, late=None, code=None):
        """A transfer the bank makes at `at` (epoch seconds). late: "late" or
        "late_cancelled" (staff cancel order `code` first) for money held back until the
        order expired."""
        with self.lock:
            self.next_id += 1
            tid = self.next_id
        body = {
            "id": tid, "gateway": "Vietcombank",
            "transactionDate": datetime.datetime.fromtimestamp(at, VIETNAM).strftime("%Y-%m-%d %H:%M:%S"),
            "accountNumber": self.account, "subAccount": None, "code": None,
            "content": memo, "transferType": "in", "transferAmount": amount,
            "accumulated": 0, "referenceCode": f"FT{tid}", "description": memo,
        }
        self.schedule(at, {"body": body, "late": late, "code": code})

    def schedule(self, at, item):
        self.due.put((at, next(self.order), item))

    def deliver(self, body):
        name, _ = request(self.counts, "delivery", lambda: self.post(body), only_success)
        if name:
            with self.lock:
                self.acked.add(body["id"])
        return bool(name)

    def post(self, body):
        self.counts.add("deliveries")
        return call("POST", self.url, body, self.headers)

    def work(self, stop):
        while True:
            try:
                at, _, item = self.due.get(timeout=0.2)
            except queue.Empty:
                if stop.is_set():
                    return
                continue
            if stop.is_set() and at > time.time():
                continue  # past the end of the run: what is not due yet is never sent
            wait = at - time.time()
            if wait > 0:
                self.schedule(at, item)
                time.sleep(min(wait, 0.2))
                continue
            body, late = item["body"], item.get("late")
            if late == "late_cancelled":
                item = dict(item, late="late")  # cancelled once; a repeat only delivers
                if not self.staff.cancel(item["code"]):
                    continue
                late = "late_cancelled"
            roll = random.random()
            if roll < 0.08:
                # The same notification twice at once (SePay's retry racing the first).
                twin = Failing(self.counts, "twin delivery", self.deliver, body)
                twin.start()
                delivered = self.deliver(body)
                twin.join()
                self.counts.add("repeated_deliveries")
            else:
                delivered = self.deliver(body)
                if delivered and roll < 0.30:
                    # Delivered again later, as SePay does when it missed the answer.
                    self.counts.add("repeated_deliveries")
                    self.schedule(time.time() + random.uniform(0, 3), dict(item, late=None))
            if delivered and late:
                with self.lock:
                    self.late.append((item["code"], late))
                self.counts.add(f"{late}_payments")


def epoch(text):
    """RFC 3339 (chrono's, with Z or an offset and up to nanoseconds) to epoch seconds."""
    text = text.replace("Z", "+00:00")
    if "." in text:
        head, rest = text.split(".", 1)
        digits = "".join(itertools.takewhile(str.isdigit, rest))
        text = head + "." + digits[:6].ljust(6, "0") + rest[len(digits):]
    return datetime.datetime.fromisoformat(text).timestamp()


def buyer(no, config, bank, counts, orders, stop):
    base, run, sweep = config["base"], config["run"], config["sweep"]
    n = 0
    while not stop.is_set():
        n += 1
        product = random.choice(config["products"])
        quantity = random.randint(1, product["max"])
        email = f"c{no}-{n}.{run}@chaos.example.vn"
        body = {"items": [{"productId": product["id"], "quantity": quantity}],
                "email": email, "paymentProviderId": config["provider"]}
        headers = {"Idempotency-Key": str(uuid.uuid4())}
        name, answer = request(counts, "order", lambda: call("POST", base + CREATE_ORDER, body, headers),
                               order_answer)
        counts.add("order_calls")
        if name != "ok":
            if name:
                counts.add(f"order_refused_{name}")
            continue
        order = answer["result"]
        code, total = order["code"], order["total"]
        orders.append((email, code))
        counts.add("orders")
        now = time.time()
        # Late money comes after the order's expiry and two sweeps, so that it normally
        # reaches an order that has expired.
        late_at = epoch(order["expiresAt"]) + 2 * sweep + random.uniform(1, 4)
        roll = random.random()
        if roll < 0.56:
            bank.transfer(f"{code} chuyen tien", total, now + random.uniform(0, 2))
        elif roll < 0.64:
            half = total // 2
            bank.transfer(f"CT DEN:{n} {code}", half, now + random.uniform(0, 1))
            bank.transfer(f"NGUYENVANA-{code}-FT{n}", total - half, now + random.uniform(1, 4))
        elif roll < 0.68:
            # Paid twice over (two different transfers).
            bank.transfer(f"{code}", total, now + random.uniform(0, 1))
            bank.transfer(f"thanh toan {code.lower()}", total, now + random.uniform(1, 3))
        elif roll < 0.78:
            # Paid after the order expired: codes again if the rules allow, else staff.
            bank.transfer(f"{code} tra muon", total, late_at, late="late", code=code)
        elif roll < 0.82:
            # Staff cancel the expired order, then its money arrives: it waits for staff.
            bank.transfer(f"{code} tra muon sau huy", total, late_at, late="late_cancelled", code=code)
        elif roll < 0.86:
            # Part of the money, and no more: needs staff once it expires.
            bank.transfer(f"{code} dat coc", max(1, total // 3), now + random.uniform(0, 2))
        # else: never paid; it expires.
        if random.random() < 0.05:
            bank.transfer(f"chuyen tien mua hang {n}", 10000, now)
        if random.random() < 0.03:
            bank.transfer("DH" + "".join(random.choice("23456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(8)), 10000, now)
        time.sleep(random.uniform(0, 0.05))


def staff_work(config, staff, started, stop):
    """Changes one product's price once, at `reprice.at` seconds into the run."""
    reprice = config["reprice"]
    while time.monotonic() - started < reprice["at"]:
        if stop.is_set():
            return
        time.sleep(0.1)
    staff.reprice(reprice["id"], reprice["price"])


def main():
    with open(sys.argv[1]) as f:
        config = json.load(f)
    out = sys.argv[2]
    counts = Counts()
    staff = Staff(config, counts)
    bank = Bank(config, counts, staff)
    orders = []
    stop_buying = threading.Event()
    stop_banking = threading.Event()
    started = time.monotonic()
    buyers = [Failing(counts, f"buyer {i}", buyer, i, config, bank, counts, orders, stop_buying)
              for i in range(config["buyers"])]
    banks = [Failing(counts, f"bank {i}", bank.work, stop_banking) for i in range(config["banks"])]
    clerk = Failing(counts, "staff", staff_work, config, staff, started, stop_buying)
    for t in buyers + banks + [clerk]:
        t.start()
    time.sleep(config["seconds"])
    stop_buying.set()
    for t in buyers + [clerk]:
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
    with open(os.path.join(out, "late.txt"), "w") as f:
        for code, late in sorted(set(bank.late)):
            f.write(f"{code}\t{late}\n")
    counts.values["transactions_acknowledged"] = len(bank.acked)
    failures = sum(v for k, v in counts.values.items()
                   if k.endswith(("_unexpected", "_failed")) or k == "thread_crashed")
    counts.values["failures"] = failures
    print(json.dumps(dict(sorted(counts.values.items()))))
    if failures:
        for problem in counts.problems[:30]:
            print(f"load: {problem}", file=sys.stderr)
        if len(counts.problems) > 30:
            print(f"load: ... and {len(counts.problems) - 30} more", file=sys.stderr)
        print(f"load: {failures} failure(s): unexpected answers, failed requests or crashed threads",
              file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

"""Seeds a fresh shop with a little of everything the fuzzer reads, and points the
fuzzer's id parameters at it. Only the standard library.

Usage: seed.py BASE_URL TOKEN RUN_ID BASE_TOML OUT_TOML

Makes, through the gateway: a VietQR payment provider with a webhook secret, two active
products (the first with serial codes), an unpaid order, an order paid in full by a SePay
delivery (so it is completed and holds a code), an unmatched bank transfer, an uploaded
image and a staff user. Then writes OUT_TOML: BASE_TOML followed by dictionaries of those
ids and bindings that draw each id parameter from them in half of the generated cases
(the other half stays random, so unknown ids and malformed input are tried too). Prints the ids as one
JSON line. Any call that fails stops the script with its answer.
"""
import base64
import json
import sys
import time
import urllib.error
import urllib.request

ADMIN = "/retailstore/api/admin/v1"
PROVIDER = "/paymentprovider/api/admin/v1/PaymentProvider"
CREATE_ORDER = "/retailstore/api/web/v1/Order/CreateOrder"
WEBHOOK = "/paymentprovider/api/web/v1/PaymentWebhook/SePay/"
UPLOAD = "/system/api/admin/v1/UploadFile/Upload"
WEBHOOK_OPERATION = "^POST /paymentprovider/api/web/v1/PaymentWebhook/SePay/"
# The share of generated values drawn from the seeded ids.
PROBABILITY = 0.5
# A 1x1 PNG.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=="
)


def call(base, method, path, body=None, auth=None, content_type="application/json"):
    headers = {"content-type": content_type}
    if auth:
        headers["authorization"] = auth
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            envelope = json.load(resp)
    except urllib.error.HTTPError as err:
        sys.exit(f"seed: {method} {path} answered {err.code}: {err.read()[:500]!r}")
    if not envelope.get("success"):
        sys.exit(f"seed: {method} {path} failed: {json.dumps(envelope)[:500]}")
    return envelope.get("result")


def transfer(run, n, account, amount, memo):
    """A SePay notification of an incoming transfer."""
    tid = int(run) * 10 + n
    return {
        "id": tid, "gateway": "Vietcombank",
        "transactionDate": time.strftime("%Y-%m-%d %H:%M:%S"),
        "accountNumber": account, "subAccount": None, "code": None, "content": memo,
        "transferType": "in", "transferAmount": amount, "accumulated": 0,
        "referenceCode": f"FT{tid}", "description": memo,
    }


def seed(base, token, run):
    bearer = "Bearer " + token
    secret = f"fuzz-webhook-secret-{run}"
    account = "0011009" + run[-6:].rjust(6, "0")
    provider = call(base, "POST", f"{PROVIDER}/Create", {
        "name": f"Fuzz VCB {run}", "type": "vietqr_bank", "bankBin": "970436",
        "accountNumber": account, "accountName": "FUZZ SHOP", "webhookEnabled": True,
        "webhookSecret": secret, "isActive": True, "sortOrder": 1,
    }, bearer)["id"]
    products = []
    for name, price in ((f"Thẻ quà tặng {run}", 50000), (f"Mã bản quyền {run}", 120000)):
        products.append(call(base, "POST", f"{ADMIN}/Product/Create", {
            "name": name, "price": price, "status": "active", "maxPerOrder": 5,
        }, bearer)["id"])
    call(base, "POST", f"{ADMIN}/ProductSerialCode/CreateBulk", {
        "productId": products[0],
        "codes": [f"FZ-{run}-{i:04d}-GIFT" for i in range(20)],
    }, bearer)

    orders = []
    for email in ("khach.mot@example.com", "khach.hai@example.com"):
        orders.append(call(base, "POST", CREATE_ORDER, {
            "items": [{"productId": products[0], "quantity": 1}],
            "email": email, "paymentProviderId": provider,
        }))
    paid, unpaid = orders[0], orders[1]
    hook = WEBHOOK + provider
    apikey = "Apikey " + secret
    call(base, "POST", hook, transfer(run, 1, account, paid["total"], f"{paid['code']} chuyen tien"), apikey)
    unmatched = call(base, "POST", hook, transfer(run, 2, account, 12345, "chuyen tien khong ma"), apikey)["id"]

    order_ids = []
    for order in orders:
        page = call(base, "GET", f"{ADMIN}/Order/Pagination?keyword={order['code']}", auth=bearer)
        order_ids += [item["id"] for item in page["items"]]
    page = call(base, "GET", f"{ADMIN}/ProductSerialCode/Pagination?productId={products[0]}&pageSize=5", auth=bearer)
    codes = [item["id"] for item in page["items"]]
    boundary = f"fuzz{run}"
    form = (f"--{boundary}\r\ncontent-disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n"
            "content-type: image/png\r\n\r\n").encode() + PNG + f"\r\n--{boundary}--\r\n".encode()
    upload = call(base, "POST", UPLOAD, form, bearer, f"multipart/form-data; boundary={boundary}")
    user = call(base, "POST", "/identity/api/admin/v1/User/Create", {
        "userName": f"nhanvien{run[-6:]}", "fullName": "Nhân viên thử",
        "password": f"Fz{run[-6:]}-Staff!", "role": "staff",
    }, bearer)["id"]
    return {
        "providers": [provider], "products": products, "codes": codes,
        "orders": order_ids, "order_codes": [o["code"] for o in orders],
        "order_tokens": [o["accessToken"] for o in orders],
        "emails": ["khach.mot@example.com", "khach.hai@example.com"],
        "transactions": [unmatched], "users": [user],
        "uploads": [upload["url"].rsplit("/", 1)[-1]],
    }, apikey


# (operation name regex, parameter, dictionary): which parameter takes which ids.
BINDINGS = [
    ("^GET /retailstore/api/admin/v1/Product/Read$", "query.id", "products"),
    ("^DELETE /retailstore/api/admin/v1/Product/Delete$", "query.id", "products"),
    ("^PUT /retailstore/api/admin/v1/Product/Update$", "body.id", "products"),
    ("^GET /retailstore/api/admin/v1/(ProductSerialCode|Order)/Pagination$", "query.productId", "products"),
    ("^POST /retailstore/api/admin/v1/ProductSerialCode/(Search|CreateBulk)$", "body.productId", "products"),
    ("^(PUT|POST) /retailstore/api/admin/v1/ProductSerialCode/(Update|Reveal)$", "body.id", "codes"),
    ("^DELETE /retailstore/api/admin/v1/ProductSerialCode/Delete$", "query.id", "codes"),
    ("^POST /retailstore/api/web/v1/Order/CreateOrder$", "body.items[*].productId", "products"),
    ("^POST /retailstore/api/web/v1/Order/CreateOrder$", "body.paymentProviderId", "providers"),
    ("^GET /retailstore/api/web/v1/Order/(OrderDetail|OrderLookup)$", "query.code", "order_codes"),
    ("^GET /retailstore/api/web/v1/Order/OrderDetail$", "header.X-Order-Token", "order_tokens"),
    ("^GET /retailstore/api/web/v1/Order/OrderLookup$", "query.email", "emails"),
    ("^GET /retailstore/api/admin/v1/Order/Detail$", "query.id", "orders"),
    ("^POST /retailstore/api/admin/v1/Order/[A-Za-z]+$", "body.id", "orders"),
    ("^(GET|DELETE) /paymentprovider/api/admin/v1/PaymentProvider/(Read|Delete)$", "query.id", "providers"),
    ("^PUT /paymentprovider/api/admin/v1/PaymentProvider/Update$", "body.id", "providers"),
    (WEBHOOK_OPERATION, "path.providerId", "providers"),
    ("^GET /paymentprovider/api/admin/v1/PaymentTransaction/Pagination$", "query.providerId", "providers"),
    ("^POST /paymentprovider/api/admin/v1/PaymentTransaction/Assign$", "body.id", "transactions"),
    ("^POST /paymentprovider/api/admin/v1/PaymentTransaction/Assign$", "body.orderCode", "order_codes"),
    ("^GET /uploads/", "path.name", "uploads"),
    ("^(GET|DELETE) /identity/api/admin/v1/User/(Read|Delete)$", "query.id", "users"),
    ("^(PUT|POST) /identity/api/admin/v1/User/(Update|ResetPassword)$", "body.id", "users"),
]


def toml(value):
    # JSON strings of these ids, codes and tokens are valid TOML basic strings.
    return json.dumps(value, ensure_ascii=True)


def config(base_toml, ids, apikey):
    lines = [base_toml.rstrip("\n"), "", "# Written by scripts/fuzz/seed.py: the ids it made."]
    # The bank's deliveries carry the provider's key, not the admin's token, so that the
    # webhook is fuzzed past its authentication too.
    lines += ["", "[[operations]]", f"include-name-regex = {toml(WEBHOOK_OPERATION)}",
              f"headers.Authorization = {toml(apikey)}"]
    for name, values in ids.items():
        lines += [f"[dictionaries.{name}]", f"values = {toml(values)}"]
    by_operation = {}
    for regex, parameter, dictionary in BINDINGS:
        by_operation.setdefault(regex, []).append((parameter, dictionary))
    for regex, bindings in by_operation.items():
        lines += ["", "[[operations]]", f"include-name-regex = {toml(regex)}"]
        for parameter, dictionary in bindings:
            lines.append(f"parameters.{toml(parameter)} = "
                         f"{{ dictionary = {toml(dictionary)}, probability = {PROBABILITY} }}")
    return "\n".join(lines) + "\n"


def main():
    base, token, run, base_toml, out_toml = sys.argv[1:6]
    ids, apikey = seed(base, token, run)
    with open(base_toml, encoding="utf-8") as f:
        text = config(f.read(), ids, apikey)
    with open(out_toml, "w", encoding="utf-8") as f:
        f.write(text)
    print(json.dumps(ids))


if __name__ == "__main__":
    main()

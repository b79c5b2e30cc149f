#!/usr/bin/env python3
"""Checkout contention: N buyers at once, each with one CreateOrder call over its own
connection, released together once every connection is open. Prints one JSON line:
{"buyers", "ok", "conflict", "other", "statuses", "p50_ms", "p99_ms", "max_ms", "codes"}.

Usage: contention.py HOST PORT PATH BUYERS PRODUCT_ID PROVIDER_ID RUN_ID
Only the standard library: asyncio streams and a minimal HTTP/1.1 exchange.
"""
import asyncio
import json
import sys
import time


async def buyer(host, port, path, body, gate, results):
    reader, writer = await asyncio.open_connection(host, port)
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
        "Content-Type: application/json\r\nConnection: close\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    await gate.wait()
    started = time.perf_counter()
    writer.write(head + body)
    await writer.drain()
    status_line = await reader.readline()
    headers = {}
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0") or 0)
    payload = await reader.readexactly(length) if length else await reader.read()
    elapsed = (time.perf_counter() - started) * 1000
    writer.close()
    status = int(status_line.split()[1]) if status_line else 0
    code = None
    try:
        code = json.loads(payload)["result"]["code"] if status == 200 else None
    except (ValueError, KeyError, TypeError):
        pass
    results.append((status, elapsed, code))


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered) + 0.5)) - 1))
    return ordered[index]


async def main():
    host, port, path, buyers, product, provider, run = sys.argv[1:8]
    buyers = int(buyers)
    gate = asyncio.Event()
    results = []
    tasks = []
    for i in range(buyers):
        body = json.dumps({
            "items": [{"productId": product, "quantity": 1}],
            "email": f"buyer{i}.{run}@bench.example.vn",
            "paymentProviderId": provider,
        }).encode()
        tasks.append(asyncio.create_task(buyer(host, int(port), path, body, gate, results)))
    # Let every connection open before the first request goes out.
    await asyncio.sleep(1.0)
    gate.set()
    await asyncio.gather(*tasks)
    latencies = [r[1] for r in results]
    statuses = {}
    for status, _, _ in results:
        statuses[str(status)] = statuses.get(str(status), 0) + 1
    codes = [c for _, _, c in results if c]
    print(json.dumps({
        "buyers": buyers,
        "ok": statuses.get("200", 0),
        "conflict": statuses.get("409", 0),
        "other": buyers - statuses.get("200", 0) - statuses.get("409", 0),
        "statuses": statuses,
        "p50_ms": round(percentile(latencies, 50), 1),
        "p99_ms": round(percentile(latencies, 99), 1),
        "max_ms": round(max(latencies, default=0), 1),
        "codes": codes,
    }))


asyncio.run(main())

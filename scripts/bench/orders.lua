-- Sustained buying through the gateway with wrk: each thread creates orders (one code
-- each, a new email every time) and pays every order it created with an authenticated
-- SePay webhook delivery carrying the order code in the memo, as a bank would.
-- Script arguments (after --): productId providerId webhookSecret accountNumber runId.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_no", #threads)
end

function init(args)
  product, provider, secret, account, run = args[1], args[2], args[3], args[4], args[5]
  orders_path = "/retailstore/api/web/v1/Order/CreateOrder"
  hook_path = "/paymentprovider/api/web/v1/PaymentWebhook/SePay/" .. provider
  order_headers = { ["Content-Type"] = "application/json" }
  hook_headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Apikey " .. secret }
  sent = 0
  due = {}
end

function request()
  sent = sent + 1
  local order = table.remove(due)
  if order then
    -- Unique across runs on one database (paymentprovider ignores a delivery it has).
    local id = (tonumber(run) % 1000) * 1000000 + thread_no * 100000 + sent
    local body = string.format(
      '{"id":%d,"gateway":"Vietcombank","transactionDate":"2026-11-23 10:00:00",'
        .. '"accountNumber":"%s","subAccount":null,"code":null,'
        .. '"content":"%s chuyen tien","transferType":"in","transferAmount":%s,'
        .. '"accumulated":0,"referenceCode":"FT%d","description":"bench"}',
      id, account, order.code, order.total, id)
    return wrk.format("POST", hook_path, hook_headers, body)
  end
  local body = string.format(
    '{"items":[{"productId":"%s","quantity":1}],"email":"b%d.%d.%s@bench.example.vn",'
      .. '"paymentProviderId":"%s"}',
    product, thread_no, sent, run, provider)
  return wrk.format("POST", orders_path, order_headers, body)
end

function response(status, headers, body)
  if status == 200 and body:find('"accessToken"', 1, true) then
    local code = body:match('"code":"(DH%w+)"')
    local total = body:match('"total":(%d+)')
    if code and total then
      table.insert(due, { code = code, total = total })
    end
  end
end
